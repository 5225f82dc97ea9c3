/** The recorded traces the Replay tab offers (files in packages/protocols/src/traces/data). */
export const replayedTraces = [
  { name: 'acp-clear-and-repush', protocol: 'acp', title: 'ACP: the agent clears its answer and streams it again' },
  { name: 'agentex-citations-override', protocol: 'agentex', title: 'Agentex: a full override adds citations' },
  {
    name: 'agent-framework-tool-loop-approval',
    protocol: 'agent-framework',
    title: 'Agent Framework: a tool loop with an approval',
  },
] as const
