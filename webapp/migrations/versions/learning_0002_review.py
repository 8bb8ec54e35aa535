"""Learning: the review set of each learner (what they got wrong, when it comes back).

Revision ID: learning_0002
Revises: classes_0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "learning_0002"
down_revision = "classes_0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the review items."""
    op.create_table(
        "review_items",
        sa.Column("learner_id", sa.String(length=43), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("ref", sa.String(length=60), nullable=False),
        sa.Column("due", sa.Date(), nullable=True),
        sa.Column("stage", sa.Integer(), nullable=False),
        sa.Column("rights", sa.Integer(), nullable=False),
        sa.Column("reviewed", sa.Date(), nullable=True),
        sa.Column("attempt", sa.Date(), nullable=True),
        sa.Column("answer", sa.String(length=200), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("misses", sa.Integer(), nullable=False),
        sa.Column("hint", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"], ["lesson_learners.id"],
            name=op.f("fk_review_items_learner_id_lesson_learners"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "kind", "ref", name=op.f("pk_review_items")),
    )
    with op.batch_alter_table("review_items", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_review_items_due"), ["due"], unique=False)


def downgrade() -> None:
    """Drop the review items."""
    with op.batch_alter_table("review_items", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_review_items_due"))
    op.drop_table("review_items")
