"""The entries window through the API (registration.api)."""

from rest_framework import serializers

from registration.models import SignUp
from tournaments.entry_services import CLUB_LENGTH, NAME_LENGTH
from tournaments.models import Player


class SignUpSerializer(serializers.Serializer):
    """One sign-up, for the event's secretaries."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    email = serializers.EmailField()
    club = serializers.CharField()
    country = serializers.CharField()
    status = serializers.ChoiceField(choices=SignUp.Status.choices)
    place = serializers.IntegerField(allow_null=True, help_text="Place on the waiting list (1 is next); else null.")
    signed_up_at = serializers.DateTimeField(source="created_at")
    confirmed_at = serializers.DateTimeField(allow_null=True)
    entry = serializers.IntegerField(source="entry_id", allow_null=True, help_text="The entry it became.")


class RegistrationSerializer(serializers.Serializer):
    opens_at = serializers.DateTimeField(required=False, allow_null=True, help_text="Null: open at once.")
    closes_at = serializers.DateTimeField(required=False, allow_null=True, help_text="Null: until closed by hand.")
    closed = serializers.BooleanField(required=False, help_text="Closed by hand, whatever the dates say.")
    cap = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=100_000,
        help_text="How many entries the event takes; null: no limit.",
    )
    public_sign_up = serializers.BooleanField(required=False, help_text="Anyone may sign up on the public form.")
    open = serializers.BooleanField(read_only=True, help_text="Entries from outside are taken now.")
    entries = serializers.IntegerField(read_only=True, help_text="Entries of the event not withdrawn.")
    waiting = serializers.IntegerField(read_only=True, help_text="Sign-ups on the waiting list.")
    sign_ups = SignUpSerializer(
        many=True, read_only=True, required=False, help_text="The sign-ups; for the event's secretaries only."
    )


class SignUpRequestSerializer(serializers.Serializer):
    """What the public form takes (registration.forms.SignUpForm), for a program signing someone up."""

    first_name = serializers.CharField(max_length=NAME_LENGTH)
    last_name = serializers.CharField(max_length=NAME_LENGTH)
    club = serializers.CharField(max_length=CLUB_LENGTH, required=False, allow_blank=True)
    country = serializers.CharField(min_length=3, max_length=3, help_text="Three letters, e.g. IND, FRA.")
    email = serializers.EmailField(help_text="The confirmation link is e-mailed here: nothing is entered before.")
    partner_first_name = serializers.CharField(max_length=NAME_LENGTH, required=False, allow_blank=True)
    partner_last_name = serializers.CharField(max_length=NAME_LENGTH, required=False, allow_blank=True)
    sex = serializers.ChoiceField(choices=Player.Sex.choices, required=False, allow_blank=True)
    date_of_birth = serializers.DateField(required=False, allow_null=True)
    partner_sex = serializers.ChoiceField(choices=Player.Sex.choices, required=False, allow_blank=True)
    partner_date_of_birth = serializers.DateField(required=False, allow_null=True)
    publish_name = serializers.BooleanField(default=True, help_text="Name, club and country in lists and results.")
    publish_rating = serializers.BooleanField(default=True)
    publish_portrait = serializers.BooleanField(default=False)


class SignedUpSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event_id")
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=SignUp.Status.choices, help_text="pending until the e-mail's link.")
    confirm_within_hours = serializers.IntegerField()
