"""Files prepared by a worker job and fetched through a short-lived link: a staff export, an applicant's own data."""
