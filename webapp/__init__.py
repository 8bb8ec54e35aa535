"""Kiebitz: learn, play and score Skat."""
