"""The Skat rules engine: pure Python, no user-facing text."""
