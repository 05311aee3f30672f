"""The table's words: the gettext catalogs read (``i18n``), the footer's messages kept as keys
and parameters (``messages``) and the small msgfmt the build and the tests use (``pofile``).
Above the modules both interpreters run (``micro``), below everything else."""
