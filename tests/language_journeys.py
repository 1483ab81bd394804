"""The applicants of the language journeys (tests/jobs/test_language_records_journey.py and
tests/e2e/test_language_journey.py), each filling a shipped form of two languages in the one that is
not its default: a French applicant of example_scholarship and a Spanish one of intl_undergrad. What
each test expects her to read is written here in her words, from the tenant's catalogue."""

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INTL_GOLDEN = json.loads((ROOT / "tests" / "golden" / "intl_undergrad" / "base.json").read_text())


@dataclass(frozen=True)
class Speaker:
    tenant: str  # the shipped tenant's folder
    language: str  # the form's second language, hers
    email: str
    key: str  # the one-line question she types first (a line break in it is refused at the save)
    label: dict[str, str]  # that question's label in English and in hers
    answers: dict  # a complete application
    name: str  # her language as staff read it (in English), and in itself
    own_name: str
    receipt_subject: str  # how the receipt's subject starts, and its reference line ({reference})
    receipt_reference: str
    pdf: tuple[str, ...]  # in the PDF of her application (in her language)
    english_pdf: tuple[str, ...]  # in the same application in English (staff's copy)
    not_in_pdf: tuple[str, ...]  # never in her PDF
    add_another: dict = field(default_factory=dict)
    today: dt.date | None = None  # the day the answers are valid on (None: any)

    @property
    def typed(self) -> str:
        return self.answers[self.key]

    @property
    def tenant_path(self) -> Path:
        return ROOT / "tenants" / self.tenant


def _french_answers() -> dict:
    from tests.jobs.test_pdf_language_jobs import ANSWERS

    return ANSWERS


FRENCH = Speaker(
    tenant="example_scholarship",
    language="fr",
    email="camille@example.com",
    key="applicant_given_name",
    label={"en": "Given Name", "fr": "Prénom"},
    answers={**_french_answers(), "applicant_email": "camille@example.com"},
    name="French",
    own_name="français",
    receipt_subject="Nous avons reçu votre candidature",
    receipt_reference="Votre référence est {reference}",
    pdf=("Prénom Camille", "Langue français", "2. Demande et motivation"),
    english_pdf=("Given Name Camille", "Language French"),
    not_in_pdf=("Given Name", "Level of Study"),
)

SPANISH = Speaker(
    tenant="intl_undergrad",
    language="es",
    email="lucia@example.com",
    key="first_name",
    label={"en": "First Name (Given Name)", "es": "Nombre (nombre de pila)"},
    answers={**INTL_GOLDEN["answers"], "first_name": "Lucía", "preferred_name": "Lucía"},
    add_another=INTL_GOLDEN["add_another"],
    today=dt.date.fromisoformat(INTL_GOLDEN["today"]),
    name="Spanish",
    own_name="español",
    receipt_subject="Hemos recibido su solicitud",
    receipt_reference="Su referencia es {reference}",
    pdf=(
        "Nombre (nombre de pila) Lucía",
        "Idioma español",
        "1. Sobre usted",
        "2. ESTUDIOS",
        "3. PARA TERMINAR",
        "Página 1 de",
    ),
    english_pdf=("First Name (Given Name) Lucía", "Language Spanish", "1. About You"),
    not_in_pdf=("First Name", "About You", "ACADEMICS", "Solicitud: Solicitud"),  # the title says "Solicitud" once
)

SPEAKERS = {"french": FRENCH, "spanish": SPANISH}
