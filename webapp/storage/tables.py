"""Import every storage module so that the metadata knows all tables (for migrations)."""

from webapp.storage import practice  # noqa: F401
