"""Values filled into a sentence people read keep their own order in right-to-left text: each stands
between FSI and PDI (catalogue.fill_isolated, as client/src/strings/strings.js does in the browser)
when the sentence or the value is right to left; all left to right, the sentence is filled as before.
What a program reads (a subject, a header) is filled with `fill`, with no marks."""

from engine.definition.catalogue import fill, fill_isolated
from engine.definition.pseudo import pseudo_line
from engine.pdf.blocks import one_line
from engine.pdf.text import levels, typed, visual

FSI, PDI = "\u2068", "\u2069"
SENT = pseudo_line("Sent to {email}, {count} times.", rtl=True)  # ar-XB, as `formengine pseudo --rtl` writes it


def test_a_latin_address_and_a_number_in_an_ar_xb_sentence_are_isolated():
    filled = fill_isolated(SENT, {"email": "ana.lopez@example.org", "count": 3})
    assert f"{FSI}ana.lopez@example.org{PDI}, {FSI}3{PDI} " in filled
    assert fill(SENT, {"email": "ana.lopez@example.org", "count": 3}).count(FSI) == 0  # a subject's fill: none


def test_a_hebrew_or_an_arabic_name_in_an_english_sentence_is_isolated():
    assert fill_isolated("Welcome, {name}!", {"name": "דוד כהן"}) == f"Welcome, {FSI}דוד כהן{PDI}!"
    assert fill_isolated("Dear {name}, you sent {n} files.", {"name": "ليلى", "n": 2}) == (
        f"Dear {FSI}ليلى{PDI}, you sent {FSI}2{PDI} files."
    )


def test_all_left_to_right_is_filled_as_before_and_an_unknown_placeholder_stays():
    assert fill_isolated("Welcome, {name}! {other}", {"name": "Ana"}) == "Welcome, Ana! {other}"
    assert fill_isolated("{name} {other}", {"name": "דוד"}) == f"{FSI}דוד{PDI} {{other}}"


def test_an_address_written_on_after_its_placeholder_is_isolated_whole():
    text = pseudo_line("Log in at {public_url}/login.", rtl=True)
    filled = fill_isolated(text, {"public_url": "https://apply.example.edu"})
    assert f"{FSI}https://apply.example.edu/login{PDI}." in filled


def test_the_pdf_orders_an_isolated_name_by_its_own_direction_and_draws_no_mark():
    # python-bidi's algorithm knows no isolates: an FSI is read as the embedding of its first letter's
    # direction (RLE before a Hebrew name), never as left to right whatever it holds.
    line = fill_isolated("Welcome, {name}!", {"name": "דוד כהן"})
    assert levels(line)[len("Welcome, ") + 1] == 1  # the name's letters right to left, one level in
    pieces = one_line(line)
    assert FSI not in "".join(typed(piece) for piece in pieces) and PDI not in "".join(typed(p) for p in pieces)
    drawn = "".join(typed(piece) for piece in visual(pieces))
    assert drawn.startswith("Welcome,") and drawn.endswith("!")  # the sentence's own order kept
    # An address in an ar-XB sentence stays one left-to-right run.
    address = fill_isolated(SENT, {"email": "ana.lopez@example.org", "count": 3})
    assert "ana.lopez@example.org" in [typed(piece) for piece in one_line(address, rtl=True)]
