const { startSandbox } = await import('agent-sandbox');
const s = await startSandbox(); await s.close();
