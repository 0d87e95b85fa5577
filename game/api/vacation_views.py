"""Your vacation (game/vacations.py): how many days are left this year, take some, end it early.
Thin: the rules are in ``game.vacations``; the vacation page calls the same functions."""
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import vacations
from kernel.api.schema import with_errors


class TakeVacationSerializer(serializers.Serializer):
    days = serializers.IntegerField(min_value=1, max_value=366, help_text="whole days")
    starts_on = serializers.DateField(required=False, allow_null=True, default=None,
                                      help_text="a later day of this year (UTC); empty: from now")


class VacationSummarySerializer(serializers.Serializer):
    days_per_year = serializers.IntegerField()
    used_days = serializers.IntegerField(help_text="days of this year's vacations, a day begun counting whole")
    days_left = serializers.IntegerField()
    vacation = serializers.DictField(allow_null=True, help_text="the current or planned one: {from, until, days, started}")


class MyVacation(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=with_errors({200: VacationSummarySerializer}, 401))
    def get(self, request):
        """Your vacation days this year and your current or planned vacation."""
        return Response(vacations.summary(request.user))

    @extend_schema(request=TakeVacationSerializer,
                   responses=with_errors({201: VacationSummarySerializer}, 400, 401, 409, 413, 422))
    def post(self, request):
        """Take a vacation of ``days`` days, now or from ``starts_on``: your clock stands still in
        every correspondence game you play meanwhile (409 ``vacation_exists``, 422
        ``vacation_days_used_up``, ``vacation_in_past``, ``vacation_not_this_year``)."""
        data = TakeVacationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        vacations.take(request.user, data.validated_data["days"], data.validated_data["starts_on"])
        return Response(vacations.summary(request.user), status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=with_errors({200: VacationSummarySerializer}, 401, 409))
    def delete(self, request):
        """End your vacation now, or cancel a planned one (409 ``no_vacation``); the days not
        begun are yours again."""
        vacations.end(request.user)
        return Response(vacations.summary(request.user))
