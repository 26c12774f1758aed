"""The terminal table: a Textual app to play every game against bots or friends."""
