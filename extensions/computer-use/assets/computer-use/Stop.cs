// The stop helper, a process of its own so a hung UIA call can never block stopping. Low-level
// keyboard and mouse hooks on this helper's own message loop: a physical Esc (or the optional
// chord) while the agent is in control emits `stopped`; injected input (the agent's own, flagged
// LLKHF_INJECTED) is ignored; physical input is suppressed during control (hooks, not BlockInput).
// The border is four topmost click-through windows around the virtual screen, excluded from
// screen capture by display affinity. If the border cannot be shown, control is refused.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Threading;

namespace XagentCu {
  public static class StopMain {
    delegate IntPtr HookProc(int code, IntPtr w, IntPtr l);
    delegate IntPtr WndProc(IntPtr h, uint msg, IntPtr w, IntPtr l);
    [StructLayout(LayoutKind.Sequential)] struct KBD { public uint vk, scan, flags, time; public UIntPtr extra; }
    [StructLayout(LayoutKind.Sequential)] struct MSLL { public int x, y; public uint data, flags, time; public UIntPtr extra; }
    [StructLayout(LayoutKind.Sequential)] struct MSG { public IntPtr h; public uint msg; public IntPtr w, l; public uint time; public int x, y; }
    [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
    struct WNDCLASS { public uint style; public WndProc proc; public int cls, wnd; public IntPtr inst, icon, cursor, brush; public string menu, name; }

    [DllImport("user32.dll", SetLastError = true)] static extern IntPtr SetWindowsHookEx(int id, HookProc proc, IntPtr mod, uint thread);
    [DllImport("user32.dll")] static extern IntPtr CallNextHookEx(IntPtr h, int code, IntPtr w, IntPtr l);
    [DllImport("user32.dll")] static extern int GetMessage(out MSG m, IntPtr h, uint min, uint max);
    [DllImport("user32.dll")] static extern bool TranslateMessage(ref MSG m);
    [DllImport("user32.dll")] static extern IntPtr DispatchMessage(ref MSG m);
    [DllImport("user32.dll")] static extern bool PostThreadMessage(uint thread, uint msg, IntPtr w, IntPtr l);
    [DllImport("user32.dll", CharSet = CharSet.Unicode)] static extern ushort RegisterClass(ref WNDCLASS c);
    [DllImport("user32.dll", CharSet = CharSet.Unicode, SetLastError = true)]
    static extern IntPtr CreateWindowEx(uint ex, string cls, string name, uint style, int x, int y, int w, int h, IntPtr parent, IntPtr menu, IntPtr inst, IntPtr param);
    [DllImport("user32.dll")] static extern IntPtr DefWindowProc(IntPtr h, uint msg, IntPtr w, IntPtr l);
    [DllImport("user32.dll")] static extern bool ShowWindow(IntPtr h, int cmd);
    [DllImport("user32.dll")] static extern bool SetWindowDisplayAffinity(IntPtr h, uint affinity);
    [DllImport("user32.dll")] static extern bool SetLayeredWindowAttributes(IntPtr h, uint key, byte alpha, uint flags);
    [DllImport("user32.dll")] static extern int GetSystemMetrics(int i);
    [DllImport("user32.dll")] static extern short GetAsyncKeyState(int vk);
    [DllImport("gdi32.dll")] static extern IntPtr CreateSolidBrush(uint rgb);
    [DllImport("kernel32.dll")] static extern IntPtr GetModuleHandle(string name);
    [DllImport("kernel32.dll")] static extern uint GetCurrentThreadId();

    const uint WM_APP_SHOW = 0x8001, WM_APP_HIDE = 0x8002;
    static volatile bool control;
    static volatile string chord;
    static readonly List<IntPtr> Edges = new List<IntPtr>();
    static HookProc keyHook, mouseHook;
    static WndProc wndProc;
    static uint loopThread;
    static readonly ManualResetEvent LoopReady = new ManualResetEvent(false);
    static string loopError;

    static void Stopped(string reason) {
      control = false;
      Helper.Send(Helper.Obj("ev", "stopped", "reason", reason));
    }

    static bool ChordDown() {
      if (chord == null) return false;
      foreach (string k in chord.Split('+')) {
        int vk = k == "ctrl" ? 0x11 : k == "alt" ? 0x12 : k == "shift" ? 0x10 : k == "win" ? 0x5B : char.ToUpperInvariant(k[0]);
        if ((GetAsyncKeyState(vk) & 0x8000) == 0) return false;
      }
      return true;
    }

    static IntPtr OnKey(int code, IntPtr w, IntPtr l) {
      if (code >= 0) {
        var k = (KBD)Marshal.PtrToStructure(l, typeof(KBD));
        bool injected = (k.flags & 0x10) != 0;
        if (!injected && control && (k.vk == 0x1B || ChordDown())) { Stopped(k.vk == 0x1B ? "the person pressed Esc" : "the person pressed the stop chord"); return new IntPtr(1); }
        if (!injected && control) return new IntPtr(1);
      }
      return CallNextHookEx(IntPtr.Zero, code, w, l);
    }
    static IntPtr OnMouse(int code, IntPtr w, IntPtr l) {
      if (code >= 0 && control) {
        var m = (MSLL)Marshal.PtrToStructure(l, typeof(MSLL));
        if ((m.flags & 0x1) == 0) return new IntPtr(1);
      }
      return CallNextHookEx(IntPtr.Zero, code, w, l);
    }

    static void Loop() {
      try {
        loopThread = GetCurrentThreadId();
        keyHook = OnKey; mouseHook = OnMouse; wndProc = DefWindowProc;
        IntPtr mod = GetModuleHandle(null);
        if (SetWindowsHookEx(13, keyHook, mod, 0) == IntPtr.Zero || SetWindowsHookEx(14, mouseHook, mod, 0) == IntPtr.Zero)
          throw new Exception("SetWindowsHookEx failed: " + Marshal.GetLastWin32Error());
        var wc = new WNDCLASS { proc = wndProc, inst = mod, brush = CreateSolidBrush(0x002040E0), name = "XagentCuBorder" };
        RegisterClass(ref wc);
        int x = GetSystemMetrics(76), y = GetSystemMetrics(77), w = GetSystemMetrics(78), h = GetSystemMetrics(79), t = 4;
        int[][] edges = { new[] { x, y, w, t }, new[] { x, y + h - t, w, t }, new[] { x, y, t, h }, new[] { x + w - t, y, t, h } };
        foreach (var e in edges) {
          // Layered, transparent to clicks, topmost, no taskbar button, never activated.
          IntPtr win = CreateWindowEx(0x80000 | 0x20 | 0x8 | 0x80 | 0x8000000, "XagentCuBorder", "", 0x80000000, e[0], e[1], e[2], e[3], IntPtr.Zero, IntPtr.Zero, mod, IntPtr.Zero);
          if (win == IntPtr.Zero) throw new Exception("CreateWindowEx failed: " + Marshal.GetLastWin32Error());
          SetLayeredWindowAttributes(win, 0, 220, 2);
          SetWindowDisplayAffinity(win, 0x11);
          Edges.Add(win);
        }
      } catch (Exception e) {
        loopError = e.Message;
      }
      LoopReady.Set();
      if (loopError != null) return;
      MSG msg;
      while (GetMessage(out msg, IntPtr.Zero, 0, 0) > 0) {
        if (msg.msg == WM_APP_SHOW || msg.msg == WM_APP_HIDE) foreach (var e in Edges) ShowWindow(e, msg.msg == WM_APP_SHOW ? 8 : 0);
        TranslateMessage(ref msg);
        DispatchMessage(ref msg);
      }
    }

    public static int Main(string[] args) {
      var t = new Thread(Loop) { IsBackground = true };
      t.Start();
      LoopReady.WaitOne();
      return Helper.Run(args, delegate (string m, Dictionary<string, object> p) {
        if (loopError != null) throw new HelperException("NATIVE_HELPER_UNAVAILABLE", "The stop helper could not start: " + loopError);
        if (m == "arm") { chord = Helper.S(p, "chord"); return Helper.Obj("chord", chord); }
        if (m == "control") {
          control = Helper.B(p, "active");
          PostThreadMessage(loopThread, control ? WM_APP_SHOW : WM_APP_HIDE, IntPtr.Zero, IntPtr.Zero);
          return Helper.Obj("control", control);
        }
        if (m == "preview") {
          PostThreadMessage(loopThread, WM_APP_SHOW, IntPtr.Zero, IntPtr.Zero);
          Thread.Sleep((int)Helper.N(p, "ms", 2000));
          PostThreadMessage(loopThread, WM_APP_HIDE, IntPtr.Zero, IntPtr.Zero);
          return Helper.Obj("shown", true);
        }
        if (m == "disarm") { control = false; PostThreadMessage(loopThread, WM_APP_HIDE, IntPtr.Zero, IntPtr.Zero); return Helper.Obj("control", false); }
        throw new HelperException("UNKNOWN_METHOD", "stop: " + m);
      });
    }
  }
}
