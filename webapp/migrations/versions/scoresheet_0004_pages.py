"""Scoresheets: each list's page kept as drawn at its revision, per language, deck, read or keep.

Revision ID: scoresheet_0004
Revises: learning_0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "scoresheet_0004"
down_revision = "learning_0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of kept pages (empty: each is drawn at its list's next view)."""
    op.create_table(
        "scoresheet_pages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("list_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("parts", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["list_id"], ["scoresheet_lists.id"], name=op.f("fk_scoresheet_pages_list_id_scoresheet_lists"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scoresheet_pages")),
        sa.UniqueConstraint("list_id", "key", name=op.f("uq_scoresheet_pages_list_id")),
    )


def downgrade() -> None:
    """Drop the kept pages (each page is drawn at every view again)."""
    op.drop_table("scoresheet_pages")
