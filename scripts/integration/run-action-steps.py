"""Runs the shell steps of action.yml (a composite action) as GitHub's runner would, here:
`${{ … }}` filled in from the inputs, the action's path and earlier steps' outputs, each
`run:` under `bash --noprofile --norc -eo pipefail`, with GITHUB_OUTPUT and GITHUB_PATH files.
`uses:` steps (the cache, the SARIF upload) are GitHub's own and are skipped: the cache as a
miss. Checks that eplint was installed, put on PATH, its matcher turned on, and that it linted
Examples/CorrectApp (exit 0) and Examples/BrokenApp (exit 1) with a SARIF report and a Markdown
summary appended to the job summary (GITHUB_STEP_SUMMARY, which already holds an earlier step's).

Usage: run-action-steps.py ACTION_YML VERSION BASE_URL WORK_DIRECTORY
"""
import json
import os
import re
import subprocess
import sys

import yaml

action_path, version, base_url, work = sys.argv[1:5]
root = os.path.dirname(os.path.abspath(action_path))
action = yaml.safe_load(open(action_path))


def run(paths, expected_status):
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs.update({"version": version, "base-url": base_url, "paths": paths})
    temp = os.path.join(work, "runner-temp-" + paths.replace("/", "-"))
    os.makedirs(temp, exist_ok=True)
    outputs = {}
    github_path = os.path.join(temp, "path")
    open(github_path, "w").close()
    step_summary = os.path.join(temp, "step-summary.md")
    with open(step_summary, "w") as earlier:
        earlier.write("an earlier step's summary\n")
    log = ""

    def expression(match):
        text = match.group(1).strip()
        if text.startswith("inputs."):
            return inputs[text[len("inputs."):]]
        if text == "github.action_path":
            return root
        step = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", text)
        if step:
            return outputs.get(step.group(1), {}).get(step.group(2), "")
        raise SystemExit("unknown expression in action.yml: " + text)

    def fill(value):
        return re.sub(r"\$\{\{(.*?)\}\}", expression, str(value))

    status = None
    for step in action["runs"]["steps"]:
        if "uses" in step:
            continue
        condition = step.get("if")
        if condition and "cache-hit" not in condition:
            raise SystemExit("a run step with a condition this harness does not know: " + condition)
        assert step["shell"] == "bash", step
        output_file = os.path.join(temp, "output-" + step.get("id", "step"))
        open(output_file, "w").close()
        environment = dict(os.environ, RUNNER_TEMP=temp, RUNNER_TOOL_CACHE=os.path.join(work, "tool-cache"),
                           GITHUB_OUTPUT=output_file, GITHUB_PATH=github_path,
                           GITHUB_STEP_SUMMARY=step_summary)
        environment.update({name: fill(value) for name, value in step.get("env", {}).items()})
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                cwd=root, env=environment, capture_output=True, text=True)
        log += result.stdout + result.stderr
        if "id" in step:
            outputs[step["id"]] = dict(line.split("=", 1) for line in open(output_file).read().splitlines() if "=" in line)
        if step.get("id") == "lint":
            status = result.returncode
        elif result.returncode != 0:
            raise SystemExit("step '%s' failed (%d):\n%s" % (step["name"], result.returncode, log))
    prefix = outputs["place"]["directory"]
    assert open(github_path).read().strip() == prefix + "/bin", "GITHUB_PATH: " + open(github_path).read()
    assert "::add-matcher::%s/Examples/github/eplint-problem-matcher.json" % root in log, log
    assert os.path.exists(os.path.join(root, "Examples/github/eplint-problem-matcher.json"))
    assert status == expected_status, "eplint exited %s on %s, expected %d:\n%s" % (status, paths, expected_status, log)
    assert outputs["lint"]["exit-code"] == str(expected_status), outputs
    sarif = json.load(open(outputs["lint"]["sarif"]))
    assert sarif["runs"][0]["tool"]["driver"]["version"] == version, sarif["runs"][0]["tool"]["driver"]
    results = len(sarif["runs"][0]["results"])
    summary = open(step_summary).read()
    assert summary.startswith("an earlier step's summary\n## eplint\n"), summary
    assert ("No findings" in summary) == (results == 0), summary
    assert all("| %s |" % result["ruleId"] in summary for result in sarif["runs"][0]["results"]), summary
    print(summary)
    return results


assert run("Examples/CorrectApp", 0) == 0
assert run("Examples/BrokenApp", 1) > 0
print("action steps: installed %s, linted a correct and a broken app" % version)
