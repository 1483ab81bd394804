"""The staff search text (`applications.answer_text`, the lower-cased answer values the staff list's
answer search reads): the database stores it for a submitted application only, written when it is
submitted; a draft's saves leave it NULL (the staff list derives a draft's as it searches,
engine/staff/search_text.py). SQLite and, with TEST_DATABASE_URL, PostgreSQL; and the migration that
made it so, up and down, on a database holding a draft and a submitted application."""

from sqlalchemy import create_engine, text

from engine.migrate import alembic_config, upgrade


def _stored_text(sql):
    return sql("SELECT answer_text FROM applications")[0][0]


def test_a_draft_stores_no_search_text_and_submitting_writes_it(applicant, golden, on_golden_day, sql):
    assert applicant.put("/api/answer", json=golden["answers"]).status_code == 200
    for button, count in golden["add_another"].items():
        applicant.put("/api/add-another", json={"button_id": button, "num_components": count})
    assert applicant.put("/api/answer", json={"preferred_name": "Meilin"}).status_code == 200
    assert _stored_text(sql) is None

    response = applicant.post("/api/submit", json={})
    assert response.status_code == 200, response.json
    stored = _stored_text(sql)
    assert "meilin" in stored and "chen" in stored
    assert "preferred_name" not in stored  # the values, never the keys


def _applications(connection) -> list:
    return connection.execute(text("SELECT id, answer_text FROM applications ORDER BY id")).all()


def _trigram_index(connection) -> list:
    if connection.dialect.name != "postgresql":
        return []
    return connection.execute(
        text("SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_applications_answer_text_trgm'")
    ).all()


def test_the_migration_keeps_the_text_of_submitted_applications_only(database_url):
    from alembic import command

    upgrade(database_url, "staff_search_trigrams")
    engine = create_engine(database_url)
    with engine.begin() as connection:
        for number, submitted in ((1, None), (2, "2026-03-01")):
            connection.execute(
                text(
                    "INSERT INTO accounts (id, username, password_hash, created_at, num_logins) "
                    "VALUES (:id, :username, 'x', '2026-01-01', 0)"
                ),
                {"id": number, "username": f"applicant{number}@example.com"},
            )
            connection.execute(
                text(
                    "INSERT INTO applications (id, account_id, answers, add_another, tabs, validation_errors, "
                    "version, created_at, updated_at, submitted_at) VALUES (:id, :id, :answers, '{}', '{}', '{}', "
                    "1, '2026-01-01', '2026-01-01', :submitted)"
                ),
                {"id": number, "answers": f'{{"city": "Cityville{number}"}}', "submitted": submitted},
            )
        index_before = _trigram_index(connection)
    upgrade(database_url)
    with engine.begin() as connection:
        (draft, draft_text), (submitted, submitted_text) = _applications(connection)
        assert draft_text is None and "cityville2" in submitted_text
        assert _trigram_index(connection) == index_before  # made again where there was one
        # Submitted later, the draft's text is written; one no longer submitted loses its text.
        connection.execute(text("UPDATE applications SET submitted_at = '2026-03-02' WHERE id = 1"))
        connection.execute(text("UPDATE applications SET submitted_at = NULL WHERE id = 2"))
        (_, draft_text), (_, submitted_text) = _applications(connection)
        assert "cityville1" in draft_text and submitted_text is None
        connection.execute(text("UPDATE applications SET submitted_at = NULL WHERE id = 1"))

    command.downgrade(alembic_config(database_url), "staff_search_trigrams")
    with engine.begin() as connection:
        assert [("cityville1" in text_, "cityville2" in text_) for _, text_ in _applications(connection)] == [
            (True, False),
            (False, True),
        ]
        assert _trigram_index(connection) == index_before
        connection.execute(text("""UPDATE applications SET answers = '{"city": "Lagos"}' WHERE id = 1"""))
        assert "lagos" in _applications(connection)[0][1]  # a draft's save derives it again, as before
    engine.dispose()
