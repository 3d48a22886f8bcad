// The simulated desktop most tests use: Notepad (an edit box and a Save button, a password box)
// in front of a minimized Calculator.
import type { Scenario } from "./scenario"

export const DESKTOP: Omit<Scenario, "lockPath" | "controlPath" | "effectsPath" | "tracePath"> = {
  clockMs: 1_000_000,
  windows: [
    {
      hwnd: 101,
      pid: 4001,
      title: "notes.txt - Notepad",
      process: "notepad.exe",
      bounds: [100, 100, 900, 700],
      elements: [
        { role: "edit", name: "Text editor", automationId: "15", value: "", bounds: [110, 140, 890, 690] },
        { role: "button", name: "Save", bounds: [110, 110, 160, 130] },
        { role: "edit", name: "Password", password: true, value: "hunter2", bounds: [200, 110, 300, 130] },
      ],
    },
    {
      hwnd: 202,
      pid: 4002,
      title: "Calculator",
      process: "calc.exe",
      bounds: [950, 100, 1300, 600],
      minimized: true,
      elements: [{ role: "button", name: "Seven", bounds: [960, 300, 1000, 340] }],
    },
  ],
}
