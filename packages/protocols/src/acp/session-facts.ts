/**
 * Session-level `session/update`s, which are not part of any message: available commands, the
 * current mode, config options, session info and context usage. They are legal outside a turn and
 * never split a message.
 */
import type { AgentUpdate, SessionInfo } from '@palimpsest/core'
import type { DecoderKit } from '../decoding/decoder-kit'
import { isWireObject as isObject, type WireObject } from '../decoding/wire-object'
import { readNumber, readString } from './fields'

export const sessionFactKinds = new Set([
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
])

function malformed(issue: DecoderKit['issue'], update: WireObject, problem: string): AgentUpdate[] {
  issue('malformed-update', `${update.sessionUpdate} dropped: ${problem}`, update)
  return []
}

function session(info: SessionInfo): AgentUpdate[] {
  return [{ type: 'session-update', session: info }]
}

/** Decodes one session-level update (its kind is in `sessionFactKinds`). */
export function decodeSessionFact(update: WireObject, issue: DecoderKit['issue']): AgentUpdate[] {
  switch (update.sessionUpdate) {
    case 'available_commands_update': {
      if (!Array.isArray(update.availableCommands))
        return malformed(issue, update, '"availableCommands" must be an array')
      const commands: NonNullable<SessionInfo['commands']> = []
      for (const command of update.availableCommands) {
        if (!isObject(command) || readString(command, 'name') === undefined) continue
        const description = readString(command, 'description')
        commands.push(
          description === undefined ? { name: command.name as string } : { name: command.name as string, description },
        )
      }
      return session({ commands })
    }
    case 'current_mode_update': {
      const modeId = readString(update, 'currentModeId')
      if (modeId !== undefined) return session({ modeId })
      // The session-modes page of the docs shows `modeId`; agents written from it send that.
      const documented = readString(update, 'modeId')
      if (documented === undefined) return malformed(issue, update, '"currentModeId" must be a string')
      issue('nonstandard-field', 'current_mode_update carries "modeId" instead of "currentModeId"; accepted', update)
      return session({ modeId: documented })
    }
    case 'config_option_update': {
      if (!Array.isArray(update.configOptions)) return malformed(issue, update, '"configOptions" must be an array')
      const info: SessionInfo = { configOptions: update.configOptions }
      // Config options with category "mode" supersede modes (and replace them in v2).
      const mode = update.configOptions.find((option) => isObject(option) && option.category === 'mode')
      if (isObject(mode) && typeof mode.currentValue === 'string') info.modeId = mode.currentValue
      return session(info)
    }
    case 'session_info_update': {
      // A patch where omitted keeps a field and `null` clears it.
      const info: SessionInfo = {}
      for (const key of ['title', 'updatedAt'] as const) {
        const value = update[key]
        if (typeof value === 'string') info[key] = value
        else if (value === null) info[key] = undefined
      }
      return Object.keys(info).length === 0 ? [] : session(info)
    }
    case 'usage_update': {
      const used = readNumber(update, 'used')
      const size = readNumber(update, 'size')
      if (used === undefined || size === undefined) return malformed(issue, update, '"used" and "size" must be numbers')
      const cost = isObject(update.cost) ? readNumber(update.cost, 'amount') : undefined
      const currency = isObject(update.cost) ? readString(update.cost, 'currency') : undefined
      // Tokens in context, window size and cumulative cost: each report replaces the last.
      const updates: AgentUpdate[] = [
        {
          type: 'usage',
          mode: 'replace',
          usage:
            cost === undefined
              ? { totalTokens: used, contextWindow: size }
              : { totalTokens: used, contextWindow: size, cost },
        },
      ]
      if (currency !== undefined) updates.push(...session({ costCurrency: currency }))
      return updates
    }
    default:
      return []
  }
}
