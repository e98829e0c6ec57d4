"""The shape of a player's data on request (tournaments.consent.player_data), as the API documents it. The
sections after `notifications` come from the floors above (tournaments.signals.player_data_asked)."""

from rest_framework import serializers


class HeldPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    guid = serializers.CharField(allow_null=True)
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    shown_name = serializers.CharField()
    sex = serializers.CharField()
    date_of_birth = serializers.DateField(allow_null=True)
    country = serializers.CharField()
    nationality = serializers.CharField()
    club = serializers.CharField(allow_null=True)
    rating = serializers.IntegerField(allow_null=True)
    email = serializers.CharField(help_text='Masked: "a…@example.org" (an address is its owner\'s alone).')
    account = serializers.CharField(allow_null=True)


class ConsentSerializer(serializers.Serializer):
    publish_name = serializers.BooleanField()
    publish_portrait = serializers.BooleanField()
    publish_rating = serializers.BooleanField()
    alias = serializers.CharField()
    source = serializers.CharField(allow_null=True, help_text="null: never asked, the defaults hold.")
    recorded_at = serializers.DateTimeField(allow_null=True)


class HeldEntrySerializer(serializers.Serializer):
    tournament = serializers.CharField()
    date = serializers.DateField(allow_null=True)
    event = serializers.CharField()
    entry = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    withdrawn = serializers.BooleanField()


class HeldNotificationSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    subject = serializers.CharField()
    body = serializers.CharField()
    sent = serializers.DateTimeField()


class HeldMatchSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    event = serializers.CharField()
    stage = serializers.CharField()
    round = serializers.CharField()
    opponent = serializers.CharField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)
    opponent_score = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    won = serializers.BooleanField(allow_null=True)


class HeldLinkSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    issued_at = serializers.DateTimeField()
    revoked = serializers.IntegerField(help_text="How many times the link was revoked and issued anew.")


class HeldRateSerializer(serializers.Serializer):
    rating = serializers.CharField()
    date = serializers.DateField()
    rate = serializers.IntegerField()
    deviation = serializers.IntegerField()


class HeldPortraitSerializer(serializers.Serializer):
    name = serializers.CharField()
    shown = serializers.BooleanField()


class PlayerDataSerializer(serializers.Serializer):
    """Everything held about one player."""

    player = HeldPlayerSerializer()
    consent = ConsentSerializer()
    entries = HeldEntrySerializer(many=True)
    notifications = HeldNotificationSerializer(many=True)
    matches = HeldMatchSerializer(many=True)
    personal_links = HeldLinkSerializer(many=True)
    rates = HeldRateSerializer(many=True)
    portrait = HeldPortraitSerializer(allow_null=True)
    sol_aliases = serializers.ListField(child=serializers.CharField())
