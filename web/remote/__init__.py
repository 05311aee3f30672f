"""Play with friends: the messages between the pages, the host's remote seats, a friend's
table (docs/friends.md)."""
