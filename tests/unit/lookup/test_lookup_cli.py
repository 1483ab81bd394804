from click.testing import CliRunner

from engine.cli import main


def test_load_then_info(tmp_path, hs_source):
    target = tmp_path / "lookup.sqlite"
    runner = CliRunner()
    loaded = runner.invoke(main, ["lookup", "load", "--index", str(target), "--category", "hs_ceeb", str(hs_source)])
    assert loaded.exit_code == 0, loaded.output
    assert f"{target}: loaded hs_ceeb" in loaded.output
    assert "college_ceeb: 0 entries" in loaded.output  # no fictional colleges unless --sample
    with_sample = runner.invoke(main, ["lookup", "load", "--index", str(target), "--sample"])
    assert "college_ceeb: 11 entries" in with_sample.output and "address: 15 entries" in with_sample.output
    info = runner.invoke(main, ["lookup", "info", "--index", str(target)])
    assert info.exit_code == 0 and "hs_ceeb: 18 entries" in info.output


def test_load_refuses_what_it_cannot_read(tmp_path):
    schools = tmp_path / "schools.csv"
    schools.write_text("ceeb,name\n123456,Elm High\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["lookup", "load", "--index", str(tmp_path / "x.sqlite"), str(schools)])
    assert result.exit_code == 1
    assert "cannot tell which category" in result.output
    assert not (tmp_path / "x.sqlite").exists()
    nothing = CliRunner().invoke(main, ["lookup", "load", "--index", str(tmp_path / "x.sqlite")])
    assert nothing.exit_code == 2 and "give CSV files to load, or --sample" in nothing.output


def test_info_on_a_missing_index(tmp_path):
    result = CliRunner().invoke(main, ["lookup", "info", "--index", str(tmp_path / "none.sqlite")])
    assert result.exit_code == 1 and "builds it from the bundled sample" in result.output


def test_files_in_another_encoding(tmp_path):
    ipeds = tmp_path / "hd2023.csv"
    ipeds.write_bytes("UNITID,INSTNM,CITY,STABBR\n100,Université Elm,Elm,TX\n".encode("cp1252"))
    target = tmp_path / "lookup.sqlite"
    refused = CliRunner().invoke(
        main, ["lookup", "load", "--index", str(target), "--category", "college_ceeb", str(ipeds)]
    )
    assert refused.exit_code == 1 and "pass --encoding" in refused.output
    loaded = CliRunner().invoke(
        main,
        ["lookup", "load", "--index", str(target), "--category", "college_ceeb", "--encoding", "cp1252", str(ipeds)],
    )
    assert loaded.exit_code == 0 and "college_ceeb: 1 entries" in loaded.output
