"""The messages a tenant can reword (tenant.yaml messages:), and the settings texts can name.

Everything particular to one field type lives in its module in engine/fieldtypes/.
"""

DEFAULT_MESSAGES = {
    "max_length": "Please enter no more than {limit} characters.",
    "choice": "Please choose one of the options.",
    "type_string": "Please enter text.",
    "type_boolean": "Please answer yes or no.",
    "date_format": "Please enter a valid date.",
    "email": "Please enter a valid email address.",
    "phone": "Please enter a valid phone number.",
    "international_phone": "Please enter the number with its country code, for example +44 20 7946 0958.",
    "file_too_large": "Your file is too large. The maximum file size is {max_size}.",
    "file_wrong_type": "You can only enter the following file types: {types}",
    "file_empty": "Your file is empty. Please upload a non-empty file.",
    "file_name_too_long": "Your file name is too long. The maximum length is {limit} characters.",
    # Every message of a later add-another entry names it: {entry} is its title ("School 2").
    "in_entry": "{entry}: {message}",
}


# The settings a markdown text (modal, footer, page, section or field text) can name as {placeholder}.
SETTING_PLACEHOLDERS = ("support_email", "admissions_email", "phone")
