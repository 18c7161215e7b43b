import { startSandbox } from "agent-commerce-sandbox";
import { TestEnvironment } from "jest-environment-node";

/**
 * Jest's node environment, with a sandbox of the test file's own as the global `sandbox`: the files
 * that run at once on jest's workers each have theirs. Node loads this file as any program's, outside
 * the vm jest runs test files in, so the sandbox runs as it would in your app.
 */
export default class SandboxEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.sandbox = await startSandbox(); // free ports, a temporary data dir
    this.global.sandbox = this.sandbox;
  }

  async teardown() {
    await this.sandbox?.close();
    await super.teardown();
  }
}
