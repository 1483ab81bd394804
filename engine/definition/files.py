"""The file rules an applicant can be told about before any upload: name, size, extension.
The client runs the same checks (same golden cases); the worker re-checks them and also
identifies the type from the bytes."""


def extension(file_name: str) -> str:
    return file_name.rsplit(".", 1)[-1].lower() if "." in file_name else ""


def file_problems(rules: dict, file_name: str, size: int) -> list[str]:
    """Messages for a file the applicant picked, in the order they should read them."""
    messages = rules["messages"]
    problems = []
    if extension(file_name) not in rules["types"]:
        problems.append(messages["wrong_type"])
    if size <= 0:
        problems.append(messages["empty"])
    elif size > rules["max_bytes"]:
        problems.append(messages["too_large"])
    if len(file_name) > rules["max_name_length"]:
        problems.append(messages["name_too_long"])
    return problems
