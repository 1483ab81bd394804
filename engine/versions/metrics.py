"""/metrics: the definition version served and the problems of the tenant folder on disk, each by
where it is and its code, so an alert names the broken file while the last good version serves."""

from prometheus_client.core import GaugeMetricFamily

MAX_LABELLED = 20  # a folder full of problems is still a bounded number of series


class DefinitionCollector:
    def __init__(self, definitions):
        self.definitions = definitions

    def collect(self):
        problems = self.definitions.files.problems()
        count = GaugeMetricFamily(
            "formengine_definition_problems",
            "Problems in the tenant folder on disk (0: valid); the last good version serves",
        )
        count.add_metric([], len(problems))
        each = GaugeMetricFamily(
            "formengine_definition_problem", "One problem in the tenant folder on disk", labels=["location", "code"]
        )
        for problem in problems[:MAX_LABELLED]:
            each.add_metric([str(problem.location), problem.code], 1)
        served = GaugeMetricFamily(
            "formengine_definition_version_info", "The definition version this process serves", labels=["version"]
        )
        served.add_metric([self.definitions.current().etag], 1)
        yield from (count, each, served)
