"""Scoresheets: lists, their hands, and the change log that undo walks back.

Revision ID: scoresheet_0001
Revises: 0001_base
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "scoresheet_0001"
down_revision = "0001_base"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the scoresheet tables."""
    op.create_table(
        "scoresheet_lists",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=43), nullable=False),
        sa.Column("title", sa.String(length=80), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scoresheet_lists")),
        sa.UniqueConstraint("token", name=op.f("uq_scoresheet_lists_token")),
    )
    op.create_table(
        "scoresheet_hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("list_id", sa.Integer(), nullable=False),
        sa.Column("fields", sa.JSON(), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["list_id"], ["scoresheet_lists.id"],
            name=op.f("fk_scoresheet_hands_list_id_scoresheet_lists"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scoresheet_hands")),
    )
    op.create_index(op.f("ix_scoresheet_hands_list_id"), "scoresheet_hands", ["list_id"])
    op.create_table(
        "scoresheet_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("list_id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=8), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["list_id"], ["scoresheet_lists.id"],
            name=op.f("fk_scoresheet_changes_list_id_scoresheet_lists"), ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["hand_id"], ["scoresheet_hands.id"],
            name=op.f("fk_scoresheet_changes_hand_id_scoresheet_hands"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scoresheet_changes")),
    )
    op.create_index(op.f("ix_scoresheet_changes_list_id"), "scoresheet_changes", ["list_id"])


def downgrade() -> None:
    """Drop the scoresheet tables."""
    op.drop_index(op.f("ix_scoresheet_changes_list_id"), table_name="scoresheet_changes")
    op.drop_table("scoresheet_changes")
    op.drop_index(op.f("ix_scoresheet_hands_list_id"), table_name="scoresheet_hands")
    op.drop_table("scoresheet_hands")
    op.drop_table("scoresheet_lists")
