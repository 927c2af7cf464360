"""When a safety row raises an alert against a drug, and the path it names."""

from __future__ import annotations

from memory.domain.allergy_alerts import Drug, Substance, alert_path

LINES = {
    "amoxicillin": ("amoxicillin", "penicillins", "beta-lactam antibiotics", "antibiotics"),
    "penicillin": ("penicillin", "penicillins", "beta-lactam antibiotics", "antibiotics"),
    "penicillins": ("penicillins", "beta-lactam antibiotics", "antibiotics"),
    "antibiotics": ("antibiotics",),
    "analgesics": ("analgesics",),
    "acetaminophen": ("acetaminophen", "analgesics"),
    "ibuprofen": ("ibuprofen", "nsaids"),
    "naproxen": ("naproxen", "nsaids"),
    "nsaids": ("nsaids",),
}


def ancestry(name: str) -> tuple[str, ...]:
    return LINES.get(name, ())


def allergy(name: str, is_class: bool = False, kind: str = "allergy") -> Substance:
    return Substance(name, kind, is_class)


def taking(name: str, status: str = "active", is_class: bool = False) -> Drug:
    return Drug(name, is_class, status)


def test_penicillin_allergy_alerts_on_active_amoxicillin():
    assert alert_path(allergy("penicillin"), taking("amoxicillin"), ancestry) is not None


def test_the_alert_names_substance_class_and_drug():
    path = alert_path(allergy("penicillin"), taking("amoxicillin"), ancestry)
    assert path.text == "penicillin allergy → penicillins → amoxicillin"


def test_a_same_drug_alert_names_no_class_step():
    path = alert_path(allergy("ibuprofen"), taking("ibuprofen"), ancestry)
    assert path.text == "ibuprofen allergy → ibuprofen"


def test_a_cross_reactive_class_allergy_alerts_on_its_member():
    path = alert_path(allergy("penicillins", is_class=True), taking("amoxicillin"), ancestry)
    assert path.text == "penicillins allergy → amoxicillin"


def test_a_broad_class_word_allergy_raises_no_alert():
    found = alert_path(allergy("antibiotics", is_class=True), taking("amoxicillin"), ancestry)
    assert found is None


def test_a_painkiller_class_word_allergy_raises_no_alert_on_acetaminophen():
    found = alert_path(allergy("analgesics", is_class=True), taking("acetaminophen"), ancestry)
    assert found is None


def test_a_class_word_in_the_medication_list_is_no_drug_in_use():
    found = alert_path(allergy("ibuprofen"), taking("nsaids", is_class=True), ancestry)
    assert found is None


def test_a_stopped_drug_raises_no_alert():
    found = alert_path(allergy("penicillin"), taking("amoxicillin", "stopped"), ancestry)
    assert found is None


def test_a_planned_drug_raises_no_alert():
    found = alert_path(allergy("penicillin"), taking("amoxicillin", "planned"), ancestry)
    assert found is None


def test_a_dose_change_is_a_drug_in_use():
    found = alert_path(allergy("penicillin"), taking("amoxicillin", "dose_changed"), ancestry)
    assert found is not None


def test_an_unrelated_drug_raises_no_alert():
    assert alert_path(allergy("penicillin"), taking("naproxen"), ancestry) is None


def test_an_nsaid_contraindication_alerts_on_another_nsaid():
    path = alert_path(allergy("ibuprofen", kind="contraindication"), taking("naproxen"), ancestry)
    assert path.text == "ibuprofen contraindication → nsaids → naproxen"


def test_an_interaction_statement_raises_no_alert():
    found = alert_path(allergy("ibuprofen", kind="interaction"), taking("ibuprofen"), ancestry)
    assert found is None
