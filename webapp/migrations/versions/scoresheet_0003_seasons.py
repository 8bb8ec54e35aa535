"""Scoresheets: seasons, several lists of the same players added up in one table.

Revision ID: scoresheet_0003
Revises: learning_0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "scoresheet_0003"
down_revision = "learning_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the seasons and the table of their lists."""
    op.create_table(
        "scoresheet_seasons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=43), nullable=False),
        sa.Column("view_token", sa.String(length=43), nullable=False),
        sa.Column("title", sa.String(length=80), nullable=False),
        sa.Column("merges", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.Column("form_token", sa.String(length=22), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scoresheet_seasons")),
        sa.UniqueConstraint("token", name=op.f("uq_scoresheet_seasons_token")),
        sa.UniqueConstraint("view_token", name=op.f("uq_scoresheet_seasons_view_token")),
        sa.UniqueConstraint("form_token", name=op.f("uq_scoresheet_seasons_form_token")),
    )
    op.create_index(op.f("ix_scoresheet_seasons_updated"), "scoresheet_seasons", ["updated"])
    op.create_table(
        "scoresheet_season_lists",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("list_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["season_id"], ["scoresheet_seasons.id"],
            name=op.f("fk_scoresheet_season_lists_season_id_scoresheet_seasons"), ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["list_id"], ["scoresheet_lists.id"],
            name=op.f("fk_scoresheet_season_lists_list_id_scoresheet_lists"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scoresheet_season_lists")),
        sa.UniqueConstraint("season_id", "list_id", name=op.f("uq_scoresheet_season_lists_season_id")),
    )
    op.create_index(op.f("ix_scoresheet_season_lists_season_id"), "scoresheet_season_lists", ["season_id"])
    op.create_index(op.f("ix_scoresheet_season_lists_list_id"), "scoresheet_season_lists", ["list_id"])


def downgrade() -> None:
    """Drop the seasons (their lists stay)."""
    op.drop_index(op.f("ix_scoresheet_season_lists_list_id"), table_name="scoresheet_season_lists")
    op.drop_index(op.f("ix_scoresheet_season_lists_season_id"), table_name="scoresheet_season_lists")
    op.drop_table("scoresheet_season_lists")
    op.drop_index(op.f("ix_scoresheet_seasons_updated"), table_name="scoresheet_seasons")
    op.drop_table("scoresheet_seasons")
