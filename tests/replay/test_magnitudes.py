"""The reader's scan for numbers beyond ±1e6 (:func:`tactics.replay.checks.check_magnitudes`): every
way JSON can write a big number is caught, on the right line; text that only looks like one is not."""
import pytest

from tactics.errors import InputError
from tactics.replay.checks import MAX_MAGNITUDE, check_magnitudes

OK = b'{"t":1.0,"who":"a","text":"fine"}\n'


@pytest.mark.parametrize("number", [b"1234567", b"-1234567", b"1234567.5", b"-9999999.0", b"1e7", b"1E7",
                                    b"1e+07", b"-2.5E+6", b"123456789012345678901234567890"])
def test_a_big_number_is_refused_on_its_line(number: bytes) -> None:
    lines = OK + OK + b'{"t":2.0,"x":[0.5,' + number + b']}\n' + OK
    with pytest.raises(InputError) as err:
        check_magnitudes(lines, 2, "r.jsonl")
    assert "r.jsonl: line 4: number" in str(err.value) and f"±{MAX_MAGNITUDE:g}" in str(err.value)


@pytest.mark.parametrize("number", [b"999999", b"-999999.99", b"0.0000001", b"1e-7", b"-3.5E-12", b"1e6",
                                    b"1000000"])
def test_numbers_within_range_pass(number: bytes) -> None:
    check_magnitudes(OK + b'{"t":2.0,"x":[' + number + b']}\n', 2, "r.jsonl")


@pytest.mark.parametrize("text", [b"id 1234567 in a name", b"1e+99 reasons", b"a+b+c+d+e+f+g+h", b"1e9"])
def test_text_that_looks_like_a_big_number_passes(text: bytes) -> None:
    check_magnitudes(OK + b'{"t":2.0,"text":"' + text + b'"}\n', 2, "r.jsonl")


@pytest.mark.parametrize("chunk", [16, 40, 64, 1 << 22])
@pytest.mark.parametrize("where", [0, 1, 5, 11])
def test_the_scan_in_pieces_finds_the_same_line(monkeypatch: pytest.MonkeyPatch, chunk: int, where: int) -> None:
    """The scan translates a few MiB of whole lines at a time; pieces smaller than one line (a line taken
    whole), pieces ending anywhere and a header before the events (``start``) all name the same line."""
    monkeypatch.setattr("tactics.replay.checks.SCAN_CHUNK", chunk)
    header = b'{"format":"x","pad":"' + b"9" * 50 + b'"}\n'
    events = [OK] * 12
    events[where] = b'{"t":2.0,"x":[0.5,' + b"7" * (where + 7) + b"]}\n"
    with pytest.raises(InputError, match=rf"r.jsonl: line {where + 2}: number"):
        check_magnitudes(header + b"".join(events), 2, "r.jsonl", start=len(header))
    check_magnitudes(header + OK * 12, 2, "r.jsonl", start=len(header))  # the header's digits are not events'
