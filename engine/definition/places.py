"""Places in a tenant definition named by their ids, the way an author reads them:
`page education > section testing > field sat_total`, never `sections.0.fields.6`."""

from pathlib import PurePath

# Lists whose items are named by one of their properties: (list name) -> (word, id properties)
_NAMED_ITEMS = {
    "sections": ("section", ("id",)),
    "fields": ("field", ("key", "id")),
    "branches": ("branch", ("id",)),
    "items": ("item", ("key",)),
    "dated": ("banner", ("id",)),
    "test_providers": ("provider", ("name",)),
    "evaluation_services": ("service", ("name",)),
}
_NUMBERED = {
    "rules": "rule",
    "prefixes": "prefix",
    "pages": "page file",
    "all": "condition",
    "any": "condition",
    "name_keys": "name key",
    "clears": "clears entry",
    "extra_values": "extra value",
    "types": "file type",
    "postal_address": "address line",
}


def join(*parts: str) -> str:
    return " > ".join(part for part in parts if part)


def page_id(route) -> str:
    return route.strip("/") if isinstance(route, str) and route.strip("/") else "?"


def page_place(page, file_name: str = "") -> str:
    route = page.get("route") if isinstance(page, dict) else None
    return f"page {page_id(route)}" if isinstance(route, str) else f"page file {PurePath(file_name).stem}"


def option_list_place(list_id: str) -> str:
    return f"option list {list_id}"


def _item_name(collection, index: int, item, parent) -> str:
    if collection == "options":
        if isinstance(parent, dict) and "default" in parent:  # a tab group's tabs
            return f"tab {item.get('id')}" if isinstance(item, dict) and item.get("id") else f"tab {index + 1}"
        value = item.get("value") if isinstance(item, dict) else None
        return f"option {value!r}" if value not in (None, "") else f"option {index + 1}"
    if collection in _NAMED_ITEMS:
        word, names = _NAMED_ITEMS[collection]
        for name in names:
            if isinstance(item, dict) and isinstance(item.get(name), str):
                return f"{word} {item[name]}"
        kind = f" ({item['type']})" if isinstance(item, dict) and isinstance(item.get("type"), str) else ""
        return f"{word} {index + 1}{kind}"
    return f"{_NUMBERED.get(collection, collection)} {index + 1}"


def _key_name(key: str, child) -> str:
    named = {"add_another": "add-another", "tabs": "tabs", "options_by": "options_by"}
    if key in named and isinstance(child, dict) and isinstance(child.get("id"), str):
        return f"{named[key]} {child['id']}"
    return key


def tree_place(root: str, tree, path) -> str:
    """The place of `path` (a jsonschema error path) inside `tree`, starting from `root`."""
    parts = [root]
    node, steps, i = tree, list(path), 0
    while i < len(steps):
        step = steps[i]
        child = node.get(step) if isinstance(node, dict) else None
        if isinstance(child, list) and i + 1 < len(steps) and isinstance(steps[i + 1], int):
            index = steps[i + 1]
            item = child[index] if index < len(child) else None
            parts.append(_item_name(step, index, item, node))
            node, i = item, i + 2
            continue
        if step == "parts" and isinstance(child, dict) and i + 1 < len(steps):
            role = steps[i + 1]
            part = child.get(role)
            key = part.get("key") if isinstance(part, dict) else None
            parts.append(f"field {key}" if isinstance(key, str) else f"part {role}")
            node, i = part, i + 2
            continue
        if isinstance(step, int):
            parts.append(f"item {step + 1}")
        else:
            parts.append(_key_name(step, child))
        node, i = child, i + 1
    return join(*parts)
