"""Reading a crawl's records: what they mean and how they are shown, written and reported. No Qt
here, so the CLI and the window say the same things.

* ``verdicts``: the one classifier of what a record means (broken, redirect, blocked, ...) and
  of its answer's status class (2xx, 4xx, ...), each with its SQL twin;
* ``wording``: the plain words for statuses, errors and counts;
* ``page_columns``: the pages table's columns, shared by the window and the CSV export;
* ``record_filters``: the quick filters over records (External, Blocked, ...);
* ``export``: CSV and table files; ``outfile``: how every output is written (atomically to a
  regular file; through a link, to a FIFO, a device or a descriptor as it is);
* ``audit``: the findings of an audit over records; ``auditfiles`` writes them as CSV files;
* ``explanations``: what each finding means and how to fix it (the Overview's and the report's);
* ``evidence``: what each flagged URL comes with, its source and detail (the findings CSV's rows,
  the report's worst offenders);
* ``anchors``: the anchor text of broken links, read by fetching their source pages again;
* ``report``: the HTML audit report;
* ``ci_summary``: the crawl's summary for CI pipelines (JSON, JUnit XML, Markdown);
* ``rendering``: what rendering a page changed (``--render``), read from its record.
"""
