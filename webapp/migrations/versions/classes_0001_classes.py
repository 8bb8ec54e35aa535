"""Classes with join codes: the classes, their students and the students' answers.

Revision ID: classes_0001
Revises: lieutenant_0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "classes_0001"
down_revision = "lieutenant_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables of classes, students and answers."""
    op.create_table(
        "class_room",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=6), nullable=False),
        sa.Column("teacher_hash", sa.String(length=64), nullable=False),
        sa.Column("activity", sa.String(length=16), nullable=False),
        sa.Column("lesson", sa.String(length=40), nullable=True),
        sa.Column("steps", sa.Text(), nullable=False),
        sa.Column("drill_level", sa.Integer(), nullable=True),
        sa.Column("drill_seed", sa.BigInteger(), nullable=True),
        sa.Column("drill_count", sa.Integer(), nullable=True),
        sa.Column("pace", sa.String(length=16), nullable=False),
        sa.Column("current", sa.Integer(), nullable=False),
        sa.Column("names_shown", sa.Boolean(), nullable=False),
        sa.Column("ended", sa.Boolean(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("stage", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("form_token", sa.String(length=22), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_room")),
        sa.UniqueConstraint("code", name=op.f("uq_class_room_code")),
        sa.UniqueConstraint("teacher_hash", name=op.f("uq_class_room_teacher_hash")),
        sa.UniqueConstraint("form_token", name=op.f("uq_class_room_form_token")),
    )
    op.create_index(op.f("ix_class_room_updated_at"), "class_room", ["updated_at"])
    op.create_table(
        "class_student",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=24), nullable=False),
        sa.Column("nickname_key", sa.String(length=96), nullable=False),
        sa.Column("secret_hash", sa.String(length=64), nullable=False),
        sa.Column("resume_hash", sa.String(length=64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["class_room.id"], name=op.f("fk_class_student_class_id_class_room"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_student")),
        sa.UniqueConstraint("class_id", "nickname_key", name="uq_class_student_nickname"),
        sa.UniqueConstraint("secret_hash", name=op.f("uq_class_student_secret_hash")),
    )
    op.create_index(op.f("ix_class_student_class_id"), "class_student", ["class_id"])
    op.create_table(
        "class_answer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("item", sa.Integer(), nullable=False),
        sa.Column("first", sa.String(length=200), nullable=False),
        sa.Column("first_correct", sa.Boolean(), nullable=False),
        sa.Column("answer", sa.String(length=200), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("misses", sa.Integer(), nullable=False),
        sa.Column("hint", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["class_room.id"], name=op.f("fk_class_answer_class_id_class_room"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["student_id"], ["class_student.id"],
                                name=op.f("fk_class_answer_student_id_class_student"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_answer")),
        sa.UniqueConstraint("student_id", "item", name="uq_class_answer_student_item"),
    )
    op.create_index(op.f("ix_class_answer_class_id"), "class_answer", ["class_id"])


def downgrade() -> None:
    """Drop the classes, their students and answers."""
    op.drop_index(op.f("ix_class_answer_class_id"), table_name="class_answer")
    op.drop_table("class_answer")
    op.drop_index(op.f("ix_class_student_class_id"), table_name="class_student")
    op.drop_table("class_student")
    op.drop_index(op.f("ix_class_room_updated_at"), table_name="class_room")
    op.drop_table("class_room")
