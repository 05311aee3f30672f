"""The coach: the review of a hand's decisions (``review``) and its data for the page
(``review_data``). It uses the players' search to weigh each decision."""
