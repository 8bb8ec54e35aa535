"""Join the first revisions of the areas into one history.

Each area added its tables in a revision of its own on top of ``0001_base``; this revision
joins them, and later revisions build on it.

Revision ID: 0002_areas
Create Date: 2026-11-30
"""

revision = "0002_areas"
down_revision = ("calculator_0001", "lessons_0001", "scoresheet_0001")
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to change: this revision only joins the areas' histories."""


def downgrade() -> None:
    """Nothing to undo."""
