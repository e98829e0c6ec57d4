"""Entry fees: a fee per event, each entry's fee due, paid or waived as the secretary records it, the totals per
federation on the secretary's and the delegate's pages, and the federation's receipt (PDF)."""

from datetime import date
from decimal import Decimal

import pypdfium2
import pytest
from django.urls import reverse

from core.errors import ServiceError
from federations import fee_services, selectors, services
from federations.links import delegate_path, token_of
from federations.models import EventFee, FeePayment
from tests.factories import UserFactory
from tests.federations.conftest import asha
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def entries(delegation, singles, doubles):
    fee_services.set_event_fee(singles, "500", "inr")
    fee_services.set_event_fee(doubles, Decimal("12.5"), "EUR")
    first = services.delegate_enter(delegation, singles, [asha()])
    second = services.delegate_enter(delegation, singles, [asha(first_name="Bina")])
    pair = services.delegate_enter(delegation, doubles, [asha(first_name="Chitra"), asha(first_name="Devi")])
    return first, second, pair


def test_a_fee_is_an_amount_and_a_currency(singles):
    fee = fee_services.set_event_fee(singles, "250.5", "inr")
    assert (fee.amount, fee.currency) == (Decimal("250.50"), "INR")
    with pytest.raises(ServiceError) as refused:
        fee_services.set_event_fee(singles, "lots", "INR")
    assert refused.value.field == f"fee_{singles.pk}"
    with pytest.raises(ServiceError) as refused:
        fee_services.set_event_fee(singles, "10", "RUPEES")
    assert refused.value.field == f"currency_{singles.pk}"
    fee_services.set_event_fee(singles, "", "")
    assert not EventFee.objects.exists()


def test_paid_needs_a_method_and_waived_forgets_it(entries, secretary):
    first = entries[0]
    with pytest.raises(ServiceError) as refused:
        fee_services.record_fee(first, "paid")
    assert refused.value.field == "method"
    payment = fee_services.record_fee(first, "paid", "cash", date(2026, 11, 20), secretary)
    assert (payment.status, payment.method, payment.paid_on, payment.recorded_by) == (
        "paid",
        "cash",
        date(2026, 11, 20),
        secretary,
    )
    payment = fee_services.record_fee(first, "waived", "cash", date(2026, 11, 20))
    assert (payment.status, payment.method, payment.paid_on) == ("waived", "", None)
    assert FeePayment.objects.count() == 1


def test_totals_per_federation_by_currency(entries, delegation):
    first, second, pair = entries
    fee_services.record_fee(first, "paid", "transfer")
    fee_services.record_fee(pair, "waived")
    Entry.objects.filter(pk=second.pk).update(withdrawn=True)  # a withdrawn entry owes nothing
    totals = {t.currency: (t.paid, t.due, t.waived) for t in selectors.summary(delegation).fee_totals}
    assert totals == {"INR": (Decimal("500.00"), 0, 0), "EUR": (0, 0, Decimal("12.50"))}


def test_the_secretary_sets_fees_and_records_a_payment_on_the_page(client, secretary, tournament, entries, singles):
    client.force_login(secretary)
    url = reverse("federations", args=[tournament.slug])
    first = entries[0]
    response = client.post(
        url, {"action": "fee", "entry": first.pk, f"fee{first.pk}-status": "paid", f"fee{first.pk}-method": ""}
    )
    assert response.status_code == 400 and "Choose how the fee was paid." in response.content.decode()
    data = {"action": "fee", "entry": first.pk, f"fee{first.pk}-status": "paid", f"fee{first.pk}-method": "card"}
    assert client.post(url, {**data, f"fee{first.pk}-paid_on": "2026-11-21"}).status_code == 302
    assert FeePayment.objects.get(entry=first).paid_on == date(2026, 11, 21)
    html = client.get(url).content.decode()
    assert "INR: paid 500.00, due 500.00, waived 0.00" in html
    response = client.post(url, {"action": "fees", f"fee_{singles.pk}": "300", f"currency_{singles.pk}": ""})
    assert response.status_code == 400 and "A currency is three letters" in response.content.decode()


def test_the_delegate_sees_each_fee_and_the_totals(client, entries, delegation):
    fee_services.record_fee(entries[0], "paid", "cash")
    html = client.get(delegate_path(delegation)).content.decode()
    assert "Paid · 500.00 INR" in html and "Due · 500.00 INR" in html
    assert "INR: paid 500.00, due 500.00, waived 0.00" in html


def test_the_receipt_lists_the_fees_and_totals(client, entries, delegation, tournament):
    fee_services.record_fee(entries[0], "paid", "cash", date(2026, 11, 20))
    response = client.get(reverse("federation-receipt", args=[tournament.slug, token_of(delegation)]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    document = pypdfium2.PdfDocument(response.content)
    text = " ".join(page.get_textpage().get_text_range() for page in document).replace("\r\n", " ")
    document.close()
    assert "Entry fees of All India Carrom Federation" in text
    assert "Chitra Rao & Devi Rao" in text and "12.50 EUR" in text
    assert "Paid: Cash" in text
    assert "INR: paid 500.00 INR, due 500.00 INR, waived 0.00 INR" in text
    bad = reverse("federation-receipt", args=[tournament.slug, "d1.x:forged"])
    assert client.get(bad).status_code == 404


def test_the_api_sets_fees_records_payments_and_totals_them(api_client, secretary, tournament, entries, singles):
    first, second, _pair = entries
    api_client.force_authenticate(secretary)
    fees_url = reverse("api-entry-fees", args=[tournament.slug])
    body = {"fees": [{"event": singles.pk, "amount": "600", "currency": "inr"}]}
    response = api_client.put(fees_url, body, format="json")
    assert response.status_code == 200, response.json()
    assert {"event": singles.pk, "amount": "600.00", "currency": "INR"} in response.json()
    fee_url = reverse("api-entry-fee", args=[tournament.slug, first.pk])
    paid = {"status": "paid", "method": "transfer", "paid_on": "2026-11-20"}
    response = api_client.put(fee_url, paid, format="json")
    assert response.status_code == 200, response.json()
    assert (response.json()["fee"], response.json()["fee_status"]) == ("600.00", "paid")
    payment = FeePayment.objects.get(entry=first)
    assert (payment.method, payment.paid_on, payment.recorded_by) == ("transfer", date(2026, 11, 20), secretary)
    listed = api_client.get(reverse("api-federations", args=[tournament.slug])).json()[0]
    assert {"currency": "INR", "due": "600.00", "paid": "600.00", "waived": "0.00"} in listed["fee_totals"]
    assert second.pk in [e["id"] for e in listed["entries"] if e["fee_status"] == "due"]


def test_bad_fees_are_400_with_the_field_and_save_nothing(api_client, secretary, tournament, entries, singles):
    first = entries[0]
    api_client.force_authenticate(secretary)
    fees_url = reverse("api-entry-fees", args=[tournament.slug])
    bad = [
        {"event": singles.pk, "amount": "lots"},
        {"event": singles.pk, "amount": "-5", "currency": "INR"},
        {"event": singles.pk, "amount": "5", "currency": "RUPEES"},
        {"event": 999999, "amount": "5"},
    ]
    for fees in ([fee] for fee in bad):
        response = api_client.put(fees_url, {"fees": fees}, format="json")
        assert response.status_code == 400, (fees, response.json())
    assert EventFee.objects.get(event=singles).amount == Decimal("500.00")
    fee_url = reverse("api-entry-fee", args=[tournament.slug, first.pk])
    response = api_client.put(fee_url, {"status": "paid"}, format="json")
    assert response.status_code == 400 and "method" in response.json()
    assert not FeePayment.objects.filter(entry=first).exists()
    assert (
        api_client.put(reverse("api-entry-fee", args=[tournament.slug, 999999]), {"status": "due"}).status_code == 404
    )


def test_only_the_secretaries_reach_the_fees(api_client, tournament, entries):
    url = reverse("api-entry-fees", args=[tournament.slug])
    assert api_client.get(url).status_code in (401, 403)
    api_client.force_authenticate(UserFactory())
    assert api_client.put(url, {"fees": []}, format="json").status_code == 403


def test_the_delegate_reads_each_entrys_fee(api_client, entries, delegation):
    data = api_client.get(reverse("api-federation-entries", args=[token_of(delegation)])).json()
    assert {(e["fee"], e["currency"], e["fee_status"]) for e in data["entries"]} == {
        ("500.00", "INR", "due"),
        ("12.50", "EUR", "due"),
    }
