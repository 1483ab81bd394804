"""Checks that every part of a form can be reached by some answers:
- conditions that wait on each other (CONDITION_CYCLE): section A shows when a question of B is
  answered, and B shows when a question of A is; neither ever shows. (A condition that reads what
  it hides itself is CONDITION_SELF, in meaning.py.)
- pages nothing on which can ever show (PAGE_UNREACHABLE): every question on the page waits on a
  condition no answers can meet, such as a key that must be both 'a' and 'b', or a question that
  itself never shows.

"Can ever show" is worked out from nothing shown upwards: a question shows once each condition
over it can hold with the questions shown so far. Only what surely cannot hold is counted against
a question (a condition under `not`, or one an unanswered question meets, always may), so a form
these checks pass may still hold contradictions they cannot see, never the other way round.
"""

from engine.definition.load.model import FormModel, Reference
from engine.definition.places import page_id
from engine.definition.problems import Problem

HIDING = ("show_if", "controller")
_MET_BY_NOTHING = ("notEquals", "notAnswered", "notIn", "lt", "lte", "gt", "gte")


def check_reach(model: FormModel, source, problems: list[Problem]) -> None:
    _check_cycles(model, problems)
    _check_pages(model, source, problems)


# --- cycles ---------------------------------------------------------------------------------


def _leaf_keys(condition) -> list[str]:
    if not isinstance(condition, dict):
        return []
    if "valueKey" in condition:
        return [condition["valueKey"]]
    keys = [k for group in ("all", "any") for sub in condition.get(group) or [] for k in _leaf_keys(sub)]
    return keys + _leaf_keys(condition.get("not"))


def _check_cycles(model: FormModel, problems: list[Problem]) -> None:
    hiding = [r for r in model.references if r.attribute in HIDING and r.governs]
    governed_by: dict[str, list[int]] = {}
    for index, reference in enumerate(hiding):
        for key in reference.governs:
            governed_by.setdefault(key, []).append(index)
    edges: list[list[int]] = []
    for index, reference in enumerate(hiding):
        keys = {reference.resolve(k) for k in _leaf_keys(reference.condition)} - set(reference.governs)
        edges.append(sorted({other for key in keys for other in governed_by.get(key, ()) if other != index}))
    for component in _components(edges):
        if len(component) < 2:
            continue
        members = sorted(component)
        first = hiding[members[0]]
        if first.instance != 1:
            continue  # an add-another's later entries repeat the first entry's cycle
        chain = _chain(members, edges, hiding)
        problems.append(
            Problem(
                first.node.where(first.attribute),
                "CONDITION_CYCLE",
                "conditions wait on each other, so none of them can ever show: " + chain,
                "let one of them read a question outside the cycle (asked before what it shows)",
                first.place,
            )
        )


def _chain(members: list[int], edges: list[list[int]], hiding: list[Reference]) -> str:
    """The cycle from the first member back to it, each step as "<place> reads '<key>'"."""
    inside = set(members)
    start = members[0]
    path, seen, current = [start], {start}, start
    while True:
        following = [n for n in edges[current] if n in inside]
        nxt = start if start in following else next((n for n in following if n not in seen), following[0])
        if nxt == start or nxt in seen:
            break
        path.append(nxt)
        seen.add(nxt)
        current = nxt
    steps = []
    for position, node in enumerate(path):
        hider = hiding[path[(position + 1) % len(path)]]
        keys = [hiding[node].resolve(k) for k in _leaf_keys(hiding[node].condition)]
        key = next((k for k in keys if k in hider.governs), keys[0] if keys else "?")
        steps.append(f"{hiding[node].place} reads '{key}', which {hider.place} hides")
    return "; ".join(steps)


def _components(edges: list[list[int]]) -> list[list[int]]:
    """Strongly connected components (Tarjan's algorithm, without recursion)."""
    index_of: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    found: list[list[int]] = []
    counter = 0
    for root in range(len(edges)):
        if root in index_of:
            continue
        work = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index_of[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            if position < len(edges[node]):
                work.append((node, position + 1))
                nxt = edges[node][position]
                if nxt not in index_of:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index_of[nxt])
                continue
            if low[node] == index_of[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


# --- pages that nothing on can show -----------------------------------------------------------


class Reach:
    """Which answer keys some answers can show, from nothing shown upwards."""

    def __init__(self, model: FormModel):
        self.model = model
        self.shown: set[str] = set()
        pending = list(model.uses)
        while True:
            now = [use for use in pending if all(self.may_hold(c) for c in use.visible)]
            if not now:
                break
            self.shown.update(use.key for use in now)
            pending = [use for use in pending if use.key not in self.shown]

    def can_answer(self, key: str) -> bool:
        base = key[: -len("_desc")] if key.endswith("_desc") and key not in self.model.by_key else key
        return base not in self.model.by_key or base in self.shown

    def may_hold(self, condition) -> bool:
        return self.why_not(condition) is None

    def why_not(self, condition) -> str | None:
        """Why the condition can never hold with what can show, or None when it may hold."""
        if not isinstance(condition, dict) or "not" in condition:
            return None
        if "any" in condition:
            reasons = [self.why_not(sub) for sub in condition["any"]]
            return None if any(r is None for r in reasons) else " and ".join(str(r) for r in reasons)
        if "all" in condition:
            return _contradiction(condition) or next(
                (r for r in (self.why_not(sub) for sub in condition["all"]) if r is not None), None
            )
        operator, target = condition.get("operator"), condition.get("target")
        if operator in _MET_BY_NOTHING or _met_by_empty(target):
            return None
        key = condition.get("valueKey", "")
        return None if self.can_answer(key) else f"'{key}' answered, and that question never shows"


def _met_by_empty(target) -> bool:
    targets = target if isinstance(target, list) else [target]
    return any(t in ("", None, False) for t in targets)


def _contradiction(condition: dict) -> str | None:
    """Two leaves of one `all` group that need one key to hold values no answer holds at once."""
    allowed: dict[str, set[str]] = {}
    for leaf in _flat_all(condition):
        operator, target = leaf.get("operator"), leaf.get("target")
        if operator not in ("equals", "in") or _met_by_empty(target):
            continue
        values = {str(t) for t in (target if isinstance(target, list) else [target])}
        key = leaf["valueKey"]
        before = allowed.get(key)
        allowed[key] = values if before is None else before & values
        if not allowed[key]:
            return f"'{key}' to be one of {sorted(before or [])} and one of {sorted(values)} at once"
    return None


def _flat_all(condition: dict):
    for sub in condition.get("all") or []:
        if isinstance(sub, dict) and "all" in sub:
            yield from _flat_all(sub)
        elif isinstance(sub, dict) and "valueKey" in sub:
            yield sub


def _check_pages(model: FormModel, source, problems: list[Problem]) -> None:
    reach = Reach(model)
    for _, page in source.pages:
        uses = [use for use in model.uses if use.page == page["route"]]
        if not uses or any(use.key in reach.shown for use in uses):
            continue
        first = uses[0]
        reason = next((r for r in (reach.why_not(c) for c in first.visible) if r is not None), "")
        problems.append(
            Problem(
                page.where("route"),
                "PAGE_UNREACHABLE",
                f"no question on page {page_id(page['route'])} can ever show: each waits on a condition no answers "
                f"can meet ({first.place} needs {reason})",
                "correct the condition (a key that must hold two values at once, or read from a question that "
                "never shows)",
                f"page {page_id(page['route'])}",
            )
        )
