// toolgate for OpenCode: every tool call is checked by `toolgate hook --agent opencode` before
// it runs. `toolgate init --agent opencode` installs this file with the binary's path filled in;
// copied as it is, it runs the `toolgate` found on PATH.
//
// Fail closed: the call runs only when toolgate exits 0 with a JSON answer that is not a deny.
// A missing binary, a crash, a timeout, a non-zero exit or output that is not JSON all throw,
// and a throw in `tool.execute.before` stops the tool.
import { spawnSync } from "node:child_process";

const BINARY = "__TOOLGATE_BINARY__";
const TOOLGATE = BINARY.startsWith("__TOOLGATE") ? "toolgate" : BINARY;
const TIMEOUT_MS = 30000;

export const Toolgate = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    const event = JSON.stringify({
      tool: input.tool,
      sessionID: input.sessionID,
      callID: input.callID,
      args: output.args,
      cwd: directory,
    });
    let result;
    try {
      result = spawnSync(TOOLGATE, ["hook", "--agent", "opencode"], {
        input: event,
        encoding: "utf8",
        timeout: TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
      });
    } catch {
      throw new Error("toolgate could not run, so the tool call was blocked");
    }
    if (result.error || result.status !== 0) {
      const reason = (result.stderr || "").trim();
      throw new Error(reason || "toolgate could not check this tool call, so it was blocked");
    }
    let answer;
    try {
      answer = JSON.parse(result.stdout);
    } catch {
      throw new Error("toolgate gave no answer, so the tool call was blocked");
    }
    if (answer === null || typeof answer !== "object" || answer.decision === "deny") {
      throw new Error((answer && answer.reason) || "toolgate denied the tool call");
    }
  },
});
