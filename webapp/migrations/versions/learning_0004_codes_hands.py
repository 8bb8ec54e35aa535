"""Learning: progress codes and drill links per learner, and the outcomes of their practice hands.

Revision ID: learning_0004
Revises: scoresheet_0004
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "learning_0004"
down_revision = "scoresheet_0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the link and the practice result tables."""
    op.create_table(
        "learning_links",
        sa.Column("learner_id", sa.String(length=43), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=True),
        sa.Column("code_made", sa.DateTime(), nullable=True),
        sa.Column("visitor", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["lesson_learners.id"],
            name=op.f("fk_learning_links_learner_id_lesson_learners"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", name=op.f("pk_learning_links")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_learning_links_code_hash")),
    )
    op.create_table(
        "learning_hands",
        sa.Column("hand_id", sa.String(length=32), nullable=False),
        sa.Column("learner_id", sa.String(length=43), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("game", sa.String(length=8), nullable=False),
        sa.Column("declarer", sa.Boolean(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["lesson_learners.id"],
            name=op.f("fk_learning_hands_learner_id_lesson_learners"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("hand_id", name=op.f("pk_learning_hands")),
    )
    op.create_index(op.f("ix_learning_hands_learner_id"), "learning_hands", ["learner_id"])


def downgrade() -> None:
    """Drop the link and the practice result tables."""
    op.drop_table("learning_hands")
    op.drop_table("learning_links")
