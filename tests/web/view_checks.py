"""The step-through views a browser test walked with the keyboard (tests/web/step_view.js),
checked against the report they were drawn from: report_view.sh for report files, compare.py for
the check page's frame. The keyboard reaches the highlighted step, that step is the judge's, End,
p and d move where they say, and every visible test whose expansion order differs has a view."""


def view_problems(where, results, views):
    """Problems, one line each, with `where` (a page's or a check's id) in front."""
    problems = []
    judged = {}
    for test in results.get("tests", []):
        step = test.get("extra_data", {}).get("diagnosis", {}).get("step")
        if step and step["unit"] == "expansion" and step["step"] > 0:
            judged[test["name"]] = step["step"]
    with_view = set()
    for view in views:
        with_view.add(view["test"])
        at = "%s, %s" % (where, view["test"])
        wanted = judged.get(view["test"], view["heading_step"])
        if wanted is None:
            wanted = view["data_focus"]  # no divergence drawn: the view centres on the run's end
        if view["data_focus"] != wanted:
            problems.append("%s: the view centres on %s, the judge on %s" %
                            (at, view["data_focus"], wanted))
        if not (view["reached_highlighted"] and view["reached"] == wanted):
            problems.append("%s: the right arrow reached step %s (highlighted: %s), not %s" %
                            (at, view["reached"], view["reached_highlighted"], wanted))
        if not (view["jumped"] == wanted and view["jumped_highlighted"]):
            problems.append("%s: d went to step %s, not %s" % (at, view["jumped"], wanted))
        if view["back"] != max(view["first"], view["last"] - 1):
            problems.append("%s: p from the end went to %s" % (at, view["back"]))
    for test in results.get("tests", []):
        order_differs = any(c["key"] == "order" and not c["passed"]
                            for c in test.get("extra_data", {}).get("checks", []))
        if order_differs and test.get("visibility") == "visible" and test["name"] not in with_view:
            problems.append("%s: %s: its order differs and it has no view" % (where, test["name"]))
    return problems
