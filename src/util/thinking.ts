// Thinking levels as Pi names them, for validating user input before any session exists.

export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const
export type ThinkingLevelName = (typeof THINKING_LEVELS)[number]

export function isThinkingLevel(value: string): value is ThinkingLevelName {
  return (THINKING_LEVELS as readonly string[]).includes(value)
}
