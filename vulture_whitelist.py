"""Names vulture (make lint) takes for dead code but something outside our calls uses.

Each group says who uses them. Add a name here only with such a reason; code that nothing uses
is deleted instead. The file is never imported: vulture only reads the names.
"""

# ruff: noqa: B018, F821
_ = object()

# Mapped columns and attributes the ORM writes to the database (read by SQL, reports, people).
created_at
updated_at
requested_at
finished_at
validated_at
validation_errors
last_login_at
file_type
_.updated_at
_.requested_at
_.finished_at
_.validated_at
_.validation_errors
_.last_login_at
_.file_type

# Marshmallow / webargs / flask-smorest: schema fields (serialised by name), hooks, parser options.
studentAnswers
disabled  # the staff API's member: read and written by name
submitted_from  # the staff list's query: read by name (engine.staff.listing)
dates  # the staff list's date settings: read by name (client/src/staff/ApplicationsPage.jsx)
date_style  # the same, and a form setting: read by name (engine.definition.moments, moments.js)
time_zone
submitted_to
document_answer
archived_answer
successful_login
document_links
min_length
max_length
special_characters
match_message
x_amz_algorithm
x_amz_signature
ARGUMENTS_PARSER
DEFAULT_VALIDATION_STATUS
ERROR_SCHEMA
attr
error_headers
error_status_code
_._deserialize
_._clamp
_._text_or_id
_.handle_error
_._handle_invalid_json_error
_._register_error_handlers
_._raw_load_json
_.load_files

# Flask request state (g.*) and response flags read by after-request hooks and the auth layer.
_.auth_clear
_.auth_refresh
_.auth_new_token
_.auth_device
_.request_started
_.metrics_started

# gunicorn reads its settings and hooks from engine/gunicorn_conf.py by name.
graceful_timeout
keepalive
max_requests
max_requests_jitter
accesslog
errorlog
forwarded_allow_ips
control_socket_disable
preload_app
post_fork
child_exit

# RQ's Worker reads these overrides of engine.worker.EngineWorker (its wait for a job, its
# back-off while Redis is down, the start of its scheduler, the queue class whose dequeue it calls).
_._start_scheduler
_.dequeue_timeout
_.max_connection_wait_time
max_connection_wait_time
queue_class

# The job outbox's last dispatch error, kept in the row for operators (engine/outbox.py).
last_error

# RQ runs jobs by dotted name (engine.pdf.jobs.render_application_pdf; the tests' slow jobs).
render_application_pdf
deliver
convert_slowly
start_slowly

# Library callbacks and settings: reportlab flowables, http.server and aiosmtpd handlers,
# sqlite3 connections, json.dumps options, the runner's daemon context, HarfBuzz buffers.
_.getSpaceAfter
_.getSpaceBefore
_.request_class
_.do_GET
_.do_POST
_.handle_RCPT
rcpt_options
_.log_message
_.daemon_threads
_.handle_DATA
_.row_factory
_.pidfile
sort_keys
mechanism
_.direction

# pytest: a fixture asked for by its side effect (an account without an application).
account_only

# The staff views' seam for definition versions: Application has no definition_version column yet;
# the versions work adds it and reads it through these (forms_for_versions takes the ids it will read).
version_of
version_ids

# reportlab PDF objects and fontTools tables: these attributes are the file formats' own fields,
# written for the library to serialise.
_.addObjects
_.frozen
_.__Comment__
_.Name
_.BaseFont
_.FirstChar
_.LastChar
_.Widths
_.filters
_.ToUnicode
_.FontDescriptor
_.glyphOrder
_.tableVersion
_.numGlyphs
_.maxZones
_.glyphDataFormat
_.formatType
_.sfntVersion

# engine.versions.drafts.migrate_draft's parameter: the version a draft moves from, for the answer
# migration that goes there.
from_compiled

# http.client: HTTPConnection.connect opens its socket through this attribute (the webhook's
# connection to the address already checked, engine/delivery/webhook.py).
_._create_connection

# urllib.request: an opener calls its redirect handler's redirect_request (the documented-commands
# test's handler returns None so a 303 is read rather than followed).
_.redirect_request

# babel.numbers.NumberPattern: apply() reads frac_prec, the least and most fraction digits
# (engine/fieldtypes/number.py sets them for each field).
_.frac_prec
