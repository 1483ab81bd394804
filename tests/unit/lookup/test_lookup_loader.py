import pytest

from engine.lookup.loader import LoadError, entries_from_records, read_csv

CROSSWALK_HEADER = (
    "HS_CEEB,HS_NCES,HS_CITY,MATCH_NAME,HS_POSTAL_CD,HS_STATE,HS_NAME,MATCH_SCORE,MATCH_SOURCE,HS_DUPED\n"
)


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _entries(path, **kwargs):
    entries, skipped = entries_from_records(read_csv(path, **kwargs))
    return {entry.id: entry for entry in entries}, skipped


def test_crosswalk_columns_are_read_as_high_schools(tmp_path):
    path = _write(
        tmp_path,
        "crosswalk.csv",
        CROSSWALK_HEADER
        + "12585,010000100001,TALLADEGA,Talladega Senior High,3516,AL,TALLADEGA HIGH SCHOOL,,0.0,False\n",
    )
    entries, skipped = _entries(path)
    school = entries["012585"]  # a CEEB code that lost its leading zero in a spreadsheet gets it back
    assert (school.category, school.name, school.other_names) == (
        "hs_ceeb",
        "Talladega High School",
        ["Talladega Senior High"],
    )
    assert (school.city, school.state, school.zip, school.country, school.nces_id) == (
        "Talladega",
        "AL",
        "03516",
        "USA",
        "010000100001",
    )
    assert skipped == 0


def test_rows_of_one_school_merge_and_shared_ceeb_codes_stay_distinct(tmp_path):
    path = _write(
        tmp_path,
        "crosswalk.csv",
        CROSSWALK_HEADER
        + "060963,080000000001,Longmont,st vrain online acad,80501,CO,st vrain online acad,,,\n"
        + "060963,080000000001,Longmont,saint vrain online acad,80501,CO,st vrain online acad,,,\n"
        + "500058,550000000001,APPLETON,East High,54915,WI,East High,,,True\n"
        + "500058,550000000002,APPLETON,Appleton East,54915,WI,Appleton East,,,True\n"
        + "500059,550000000003,APPLETON,,54915,WI,,,,\n",
    )
    entries, skipped = _entries(path)
    assert entries["060963"].other_names == ["Saint Vrain Online Acad"]
    assert {"500058-550000000001", "500058-550000000002"} <= entries.keys()
    assert skipped == 1  # no name


def test_category_from_a_column_the_file_name_or_the_option(tmp_path):
    with_column = _write(
        tmp_path, "mixed.csv", "category,id,name,address_line_1\naddress,x1,,1 Elm St\ncollege_ceeb,,Elm College,\n"
    )
    assert {(e.category, e.display) for e in _entries(with_column)[0].values()} == {
        ("address", "1 Elm St"),
        ("college_ceeb", "Elm College"),
    }
    by_name = _write(tmp_path, "college_ceeb.csv", "ceeb,name\n12,Elm College\n")
    assert _entries(by_name)[0]["0012"].category == "college_ceeb"
    ipeds = _write(
        tmp_path, "hd2023.csv", "UNITID,INSTNM,ADDR,CITY,STABBR,ZIP\n100,Elm College,1 Elm St,Elm,TX,75001\n"
    )
    college = _entries(ipeds, category="college_ceeb")[0]["100"]
    assert (college.name, college.address_line_1, college.nces_id, college.ceeb) == (
        "Elm College",
        "1 Elm St",
        "100",
        "",
    )


def test_files_the_loader_cannot_use_are_named(tmp_path):
    unknown = _write(tmp_path, "schools.csv", "ceeb,name\n1,Elm\n")
    with pytest.raises(LoadError, match="schools.csv: cannot tell which category.*--category"):
        list(read_csv(unknown))
    no_name = _write(tmp_path, "hs_ceeb.csv", "a,b\n1,2\n")
    with pytest.raises(LoadError, match="no name or address column"):
        list(read_csv(no_name))
    bad_category = _write(tmp_path, "rows.csv", "category,name\nuniversity,Elm\n")
    with pytest.raises(LoadError, match="rows.csv:2: unknown category 'university'"):
        list(read_csv(bad_category))


def test_countries_become_alpha_3_codes_like_the_tenant_country_list(tmp_path):
    path = _write(
        tmp_path,
        "address.csv",
        "id,address_line_1,country\n1,1 Elm St,gb\n2,2 Elm St,DEU\n3,3 Elm St,Atlantis\n4,4 Elm St,\n",
    )
    entries, _ = _entries(path)
    assert [entries[i].country for i in "1234"] == ["GBR", "DEU", "Atlantis", "USA"]
    assert _entries(path, country="ca")[0]["4"].country == "CAN"
