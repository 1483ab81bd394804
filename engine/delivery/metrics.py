"""Prometheus: deliveries by state, counted in the database at scrape time (every process agrees)."""

from prometheus_client.core import GaugeMetricFamily
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from engine.delivery import service


class DeliveryCollector:
    def __init__(self, engine):
        self.engine = engine

    def collect(self):
        gauge = GaugeMetricFamily(
            "formengine_deliveries", "Deliveries of applications to staff by state", labels=["state"]
        )
        try:
            with Session(self.engine) as session:
                counts = service.counts_by_state(session)
        except SQLAlchemyError:
            return  # the database is down: /readyz says so; the other metrics still serve
        for state, count in counts.items():
            gauge.add_metric([state], count)
        yield gauge
