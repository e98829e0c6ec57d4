"""E-mails through the outbox (tournaments.mail) against a real SMTP server the tests start (tests/smtp_server.py):
written in the action's transaction, one per address, sent after commit with the site's sender; a server that is
down or refuses for now is tried again, later and later, the officials are told after MAIL_MAX_ATTEMPTS tries and
see the mail (its reader's name, never the address or body), and it leaves once the server is back; an address
refused for good is not tried again until an official says so; nothing is lost."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tests.smtp_server import REFUSED_FOR_GOOD, REFUSED_FOR_NOW, MailServer
from tournaments import mail, tasks
from tournaments.mail import Mail
from tournaments.models import Notification, OutgoingMail
from tournaments.notifications import notify

pytestmark = pytest.mark.django_db
SECRET_LINK = "https://carrom.example/t/cup/me/secret-token/"


def send(tournament, callbacks, *mails):
    """What an action does: the mails written in its transaction; what its commit runs, run."""
    with callbacks(execute=True), transaction.atomic():
        return tasks.send_later(tournament, mails)


def time_passes():
    OutgoingMail.objects.update(next_attempt_at=timezone.now() - timedelta(seconds=1))


def news(to="asha@example.org", name="Asha Rao"):
    return Mail(to, "Go to table 5 now", f"Your match is called.\n\n{SECRET_LINK}", name, "fr")


def test_a_mail_leaves_after_commit_with_the_sites_sender(tournament, mail_server, django_capture_on_commit_callbacks):
    [row] = send(tournament, django_capture_on_commit_callbacks, news())
    [received] = mail_server.inbox.messages
    assert received.mail_from == "cup@carrom.example" and received.rcpt_tos == ["asha@example.org"]
    assert received.message["From"] == "Carrom Cup <cup@carrom.example>"
    assert received.message["Subject"] == "Go to table 5 now" and received.message["Content-Language"] == "fr"
    assert received.message["Auto-Submitted"] == "auto-generated" and SECRET_LINK in received.text
    row.refresh_from_db()
    assert (row.status, row.attempts, row.body) == ("sent", 1, "")  # the link it carried is not kept
    assert received.message["Message-ID"] == mail.message_id(row)


def test_a_rolled_back_action_mails_nobody(tournament, mail_server, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            tasks.send_later(tournament, [news()])
            raise RuntimeError("the secretary's request failed")
    assert OutgoingMail.objects.count() == 0 and mail_server.inbox.messages == []


def test_officials_get_one_mail_each_that_names_no_one_else(
    tournament, secretary, mail_server, django_capture_on_commit_callbacks
):
    chief = UserFactory(email="chief@example.org")
    tournament.chief_referees.add(chief)
    secretary.email = "secretary@example.org"
    secretary.save()
    with django_capture_on_commit_callbacks(execute=True):
        notify([secretary, chief], tournament, lambda: ("Match 3 forfeited", "Table 2: nobody came."), key="f:3")
    assert sorted(tuple(m.rcpt_tos) for m in mail_server.inbox.messages) == [(chief.email,), (secretary.email,)]
    assert all(chief.email not in m.message["To"] for m in mail_server.inbox.to(secretary.email))


def test_a_server_down_is_tried_again_told_to_the_officials_and_sent_once_it_is_back(
    client, tournament, secretary, settings, django_capture_on_commit_callbacks
):
    server = MailServer()  # its port, with nothing listening yet: the server is down
    for name, value in server.settings().items():
        setattr(settings, name, value)
    settings.MAIL_MAX_ATTEMPTS = 3
    [row] = send(tournament, django_capture_on_commit_callbacks, news())
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("pending", 1) and "ConnectionRefusedError" in row.last_error
    assert row.next_attempt_at > timezone.now()  # MAIL_RETRY_SECONDS later
    assert tasks.send_pending_mail() == 0 and OutgoingMail.objects.get().attempts == 1  # not due yet

    time_passes()
    assert tasks.send_pending_mail() == 0
    assert not Notification.objects.filter(user=secretary).exists()  # two tries: nobody bothered yet
    time_passes()
    assert tasks.send_pending_mail() == 0
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("pending", 3)  # still to send: it is never given up
    assert mail.wait_after(3) == 4 * mail.wait_after(1)
    [notice] = Notification.objects.filter(user=secretary, key__startswith="mail-undelivered:")
    assert notice.subject == "1 e-mail not delivered" and "ConnectionRefusedError" in notice.body
    assert notice.url == reverse("undelivered-news", args=[tournament.slug])

    client.force_login(secretary)
    page = client.get(notice.url).content.decode()
    assert "Go to table 5 now" in page and "to Asha Rao" in page and "ConnectionRefusedError" in page
    assert "asha@example.org" not in page and "secret-token" not in page  # no address, no link

    server.start()  # the mail server is back
    try:
        time_passes()
        assert tasks.send_pending_mail() == 1
        [received] = server.inbox.messages
        assert received.rcpt_tos == ["asha@example.org"] and SECRET_LINK in received.text
    finally:
        server.stop()
    row.refresh_from_db()
    assert row.status == "sent" and row.last_error == ""
    assert "Every e-mail has left." in client.get(notice.url).content.decode()


def test_an_address_refused_for_now_is_tried_again(tournament, mail_server, django_capture_on_commit_callbacks):
    mail_server.inbox.refuse["asha@example.org"] = REFUSED_FOR_NOW
    row, _ravi = send(tournament, django_capture_on_commit_callbacks, news(), news("ravi@example.org", "Ravi Kumar"))
    row.refresh_from_db()
    assert row.status == "pending" and "451" in row.last_error and "asha@example.org" not in row.last_error
    assert [m.rcpt_tos for m in mail_server.inbox.messages] == [["ravi@example.org"]]  # the next one still left
    del mail_server.inbox.refuse["asha@example.org"]
    time_passes()
    assert tasks.send_pending_mail() == 1 and len(mail_server.inbox.to("asha@example.org")) == 1


def test_an_address_refused_for_good_waits_for_an_official(
    client, tournament, secretary, mail_server, django_capture_on_commit_callbacks
):
    mail_server.inbox.refuse["asha@example.org"] = REFUSED_FOR_GOOD
    [row] = send(tournament, django_capture_on_commit_callbacks, news())
    row.refresh_from_db()
    assert row.status == "failed" and "550" in row.last_error and row.attempts == 1
    assert Notification.objects.filter(user=secretary, key__startswith="mail-undelivered:").count() == 1
    time_passes()
    assert tasks.send_pending_mail() == 0 and OutgoingMail.objects.get().attempts == 1  # not tried again

    del mail_server.inbox.refuse["asha@example.org"]  # the player's mailbox is fixed
    client.force_login(secretary)
    retry = reverse("retry-mail", args=[tournament.slug, row.pk])
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(retry)
    assert answer.status_code == 302 and len(mail_server.inbox.to("asha@example.org")) == 1
    row.refresh_from_db()
    assert row.status == "sent"
    assert client.post(retry).status_code == 404  # sent: nothing to try again


def test_only_the_tournaments_officials_see_and_retry_its_mails(
    client, tournament, mail_server, django_capture_on_commit_callbacks
):
    mail_server.inbox.refuse["asha@example.org"] = REFUSED_FOR_GOOD
    [row] = send(tournament, django_capture_on_commit_callbacks, news())
    client.force_login(UserFactory())
    assert client.get(reverse("undelivered-news", args=[tournament.slug])).status_code == 403
    assert client.post(reverse("retry-mail", args=[tournament.slug, row.pk])).status_code == 403
    assert OutgoingMail.objects.get().status == "failed"


def test_a_queue_down_leaves_the_mail_to_the_sweep(
    tournament, mail_server, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    def broker_down(*args, **kwargs):
        raise OSError("broker unreachable")

    monkeypatch.setattr(tasks.deliver_mail, "delay", broker_down)
    send(tournament, django_capture_on_commit_callbacks, news())
    assert mail_server.inbox.messages == [] and "the next sweep sends them" in caplog.text
    assert tasks.send_pending_mail() == 1 and len(mail_server.inbox.messages) == 1  # due at once, not in a minute


def test_a_task_delivered_twice_sends_once(tournament, mail_server, django_capture_on_commit_callbacks):
    [row] = send(tournament, django_capture_on_commit_callbacks, news())
    OutgoingMail.objects.filter(pk=row.pk).update(status="pending", body="again")  # as if not yet marked sent
    assert tasks.deliver_mail([row.pk]) == 0  # tried once already and not due: left to the sweep
    assert len(mail_server.inbox.messages) == 1


def test_sent_rows_are_forgotten_after_a_week(tournament, mail_server, django_capture_on_commit_callbacks):
    send(tournament, django_capture_on_commit_callbacks, news())
    OutgoingMail.objects.update(sent_at=timezone.now() - timedelta(days=8))
    tasks.send_pending_mail()
    assert OutgoingMail.objects.count() == 0


def test_an_address_no_server_would_take_is_refused_at_once_and_the_others_leave(
    tournament, secretary, mail_server, django_capture_on_commit_callbacks
):
    broken, fine = send(
        tournament,
        django_capture_on_commit_callbacks,
        news("asha@example.org\nBcc: everyone@example.org"),  # typed into an import, say
        news("ravi@example.org", "Ravi Kumar"),
    )
    broken.refresh_from_db()
    assert broken.status == "failed" and broken.attempts == 1
    assert broken.last_error == "The address is not one an e-mail can be sent to."  # not the address itself
    assert [m.rcpt_tos for m in mail_server.inbox.messages] == [["ravi@example.org"]]
    assert Notification.objects.filter(user=secretary, key__startswith="mail-undelivered:").count() == 1


def test_a_message_the_server_refuses_is_tried_again_and_the_next_one_leaves(
    tournament, mail_server, django_capture_on_commit_callbacks, monkeypatch
):
    accept = mail_server.inbox.handle_DATA

    async def refuse_the_first(server, session, envelope):
        if "asha@example.org" in envelope.rcpt_tos:
            return "451 4.7.1 Try this one later"
        return await accept(server, session, envelope)

    monkeypatch.setattr(mail_server.inbox, "handle_DATA", refuse_the_first)
    first, _second = send(tournament, django_capture_on_commit_callbacks, news(), news("ravi@example.org", "Ravi"))
    first.refresh_from_db()
    assert first.status == "pending" and "SMTPDataError" in first.last_error
    assert [m.rcpt_tos for m in mail_server.inbox.messages] == [["ravi@example.org"]]
