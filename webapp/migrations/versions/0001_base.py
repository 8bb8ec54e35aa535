"""The base revision: the schema before any area adds its tables.

Revision ID: 0001_base
Revises:
Create Date: 2026-11-30
"""

revision = "0001_base"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing yet: each area adds its tables in a revision of its own."""


def downgrade() -> None:
    """Nothing to undo."""
