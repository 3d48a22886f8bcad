// The input helper: physical input with SendInput (pointer at physical pixels, per-monitor DPI
// aware), Unicode typing, chords and sequences with holds, and the clipboard route that puts the
// person's clipboard back. Whatever happens, every key and button it pressed is let go of in
// `finally`, and `release` lets go of anything still held.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Threading;

namespace XagentCu {
  public static class InputMain {
    [StructLayout(LayoutKind.Sequential)] struct MOUSEINPUT { public int dx, dy; public uint mouseData, dwFlags, time; public UIntPtr extra; }
    [StructLayout(LayoutKind.Sequential)] struct KEYBDINPUT { public ushort wVk, wScan; public uint dwFlags, time; public UIntPtr extra; }
    [StructLayout(LayoutKind.Explicit)] struct UNION { [FieldOffset(0)] public MOUSEINPUT mi; [FieldOffset(0)] public KEYBDINPUT ki; }
    [StructLayout(LayoutKind.Sequential)] struct INPUT { public uint type; public UNION u; }

    [DllImport("user32.dll", SetLastError = true)] static extern uint SendInput(uint n, INPUT[] inputs, int size);
    [DllImport("user32.dll")] static extern bool SetCursorPos(int x, int y);
    [DllImport("user32.dll")] static extern bool SetProcessDpiAwarenessContext(IntPtr ctx);

    const uint KEYUP = 0x2, UNICODE = 0x4;
    static readonly HashSet<ushort> HeldKeys = new HashSet<ushort>();
    static readonly HashSet<uint> HeldButtons = new HashSet<uint>();

    static readonly Dictionary<string, ushort> Keys = new Dictionary<string, ushort> {
      {"ctrl",0x11},{"control",0x11},{"alt",0x12},{"shift",0x10},{"win",0x5B},{"enter",0x0D},{"return",0x0D},
      {"esc",0x1B},{"escape",0x1B},{"tab",0x09},{"space",0x20},{"backspace",0x08},{"delete",0x2E},{"del",0x2E},
      {"insert",0x2D},{"home",0x24},{"end",0x23},{"pageup",0x21},{"pgup",0x21},{"pagedown",0x22},{"pgdn",0x22},
      {"left",0x25},{"up",0x26},{"right",0x27},{"down",0x28},
    };

    static void Send(INPUT i) {
      if (SendInput(1, new[] { i }, Marshal.SizeOf(typeof(INPUT))) != 1)
        throw new HelperException("NATIVE_HELPER_UNAVAILABLE", "SendInput was blocked (UIPI or a secure desktop?)", "unknown");
    }
    static void Key(ushort vk, bool up) {
      var i = new INPUT { type = 1 };
      i.u.ki = new KEYBDINPUT { wVk = vk, dwFlags = up ? KEYUP : 0 };
      Send(i);
      if (up) HeldKeys.Remove(vk); else HeldKeys.Add(vk);
    }
    static void Unit(char c) {
      foreach (bool up in new[] { false, true }) {
        var i = new INPUT { type = 1 };
        i.u.ki = new KEYBDINPUT { wScan = c, dwFlags = UNICODE | (up ? KEYUP : 0) };
        Send(i);
      }
    }
    static uint Down(string button) { return button == "right" ? 0x8u : button == "middle" ? 0x20u : 0x2u; }
    static void Button(uint down, bool up) {
      var i = new INPUT { type = 0 };
      i.u.mi = new MOUSEINPUT { dwFlags = up ? down << 1 : down };
      Send(i);
      if (up) HeldButtons.Remove(down); else HeldButtons.Add(down);
    }
    static ushort Vk(string name) {
      ushort vk;
      if (Keys.TryGetValue(name, out vk)) return vk;
      if (name.Length == 1 && char.IsLetterOrDigit(name[0])) return (ushort)char.ToUpperInvariant(name[0]);
      if (name.Length >= 2 && name[0] == 'f') { int n; if (int.TryParse(name.Substring(1), out n) && n >= 1 && n <= 24) return (ushort)(0x6F + n); }
      throw new HelperException("INVALID_PARAMS", "Unknown key: " + name);
    }

    /** Lets go of everything still down, keys last pressed first. */
    static bool ReleaseAll() {
      foreach (var b in new List<uint>(HeldButtons)) try { Button(b, true); } catch (HelperException) {}
      var keys = new List<ushort>(HeldKeys); keys.Reverse();
      foreach (var k in keys) try { Key(k, true); } catch (HelperException) {}
      return HeldKeys.Count == 0 && HeldButtons.Count == 0;
    }

    static void Move(Dictionary<string, object> p, string xk, string yk) {
      if (!SetCursorPos((int)Helper.N(p, xk, 0), (int)Helper.N(p, yk, 0)))
        throw new HelperException("NATIVE_HELPER_UNAVAILABLE", "SetCursorPos failed", "unknown");
    }

    static object Handle(string m, Dictionary<string, object> p) {
      int hold = (int)Helper.N(p, "holdMs", 0);
      if (m == "release") return Helper.Obj("released", ReleaseAll());
      try {
        if (m == "move_pointer") { Move(p, "x", "y"); Thread.Sleep(hold); }
        else if (m == "click") {
          var mods = new List<ushort>();
          object raw; if (p.TryGetValue("modifiers", out raw) && raw is List<object>) foreach (var o in (List<object>)raw) mods.Add(Vk(((string)o).ToLowerInvariant()));
          Move(p, "x", "y");
          foreach (var k in mods) Key(k, false);
          uint b = Down(Helper.S(p, "button") ?? "left");
          for (int n = 0; n < (int)Helper.N(p, "count", 1); n++) { Button(b, false); Thread.Sleep(hold); Button(b, true); }
        } else if (m == "drag") {
          Move(p, "fromX", "fromY"); Button(0x2, false); Thread.Sleep(Math.Max(hold, 50));
          Move(p, "toX", "toY"); Thread.Sleep(50); Button(0x2, true);
        } else if (m == "scroll") {
          if (p.ContainsKey("x")) Move(p, "x", "y");
          var i = new INPUT { type = 0 };
          i.u.mi = new MOUSEINPUT { dwFlags = Helper.B(p, "horizontal") ? 0x1000u : 0x800u, mouseData = (uint)(-(int)Helper.N(p, "amount", 0) * 120) };
          Send(i);
        } else if (m == "type_text") {
          int delay = (int)Helper.N(p, "charDelayMs", 0);
          foreach (char c in Helper.S(p, "text") ?? "") { Unit(c); if (delay > 0) Thread.Sleep(delay); }
        } else if (m == "paste") {
          Clip.Paste(Helper.S(p, "text") ?? "", delegate { Key(0x11, false); Key(0x56, false); Key(0x56, true); Key(0x11, true); });
        } else if (m == "keypress") {
          foreach (string chord in (Helper.S(p, "keys") ?? "").ToLowerInvariant().Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries)) {
            var vks = new List<ushort>();
            foreach (string k in chord.Split('+')) vks.Add(Vk(k));
            foreach (var k in vks) Key(k, false);
            Thread.Sleep(hold);
            vks.Reverse();
            foreach (var k in vks) Key(k, true);
          }
        } else throw new HelperException("UNKNOWN_METHOD", "input: " + m);
        return Helper.Obj("sent", true);
      } finally {
        ReleaseAll();
      }
    }

    public static int Main(string[] args) {
      try { SetProcessDpiAwarenessContext(new IntPtr(-4)); } catch (EntryPointNotFoundException) {}
      return Helper.Run(args, Handle);
    }
  }

  /** The clipboard route: the text goes through the clipboard, and the person's text comes back after. */
  public static class Clip {
    [DllImport("user32.dll")] static extern bool OpenClipboard(IntPtr owner);
    [DllImport("user32.dll")] static extern bool CloseClipboard();
    [DllImport("user32.dll")] static extern bool EmptyClipboard();
    [DllImport("user32.dll")] static extern IntPtr GetClipboardData(uint format);
    [DllImport("user32.dll")] static extern IntPtr SetClipboardData(uint format, IntPtr mem);
    [DllImport("kernel32.dll")] static extern IntPtr GlobalAlloc(uint flags, UIntPtr bytes);
    [DllImport("kernel32.dll")] static extern IntPtr GlobalLock(IntPtr mem);
    [DllImport("kernel32.dll")] static extern bool GlobalUnlock(IntPtr mem);
    const uint TEXT = 13;

    static string Get() {
      IntPtr h = GetClipboardData(TEXT);
      if (h == IntPtr.Zero) return null;
      IntPtr p = GlobalLock(h);
      try { return Marshal.PtrToStringUni(p); } finally { GlobalUnlock(h); }
    }
    static void Set(string s) {
      EmptyClipboard();
      if (s == null) return;
      IntPtr h = GlobalAlloc(0x2, new UIntPtr((uint)((s.Length + 1) * 2)));
      IntPtr p = GlobalLock(h);
      Marshal.Copy(s.ToCharArray(), 0, p, s.Length);
      Marshal.WriteInt16(p, s.Length * 2, 0);
      GlobalUnlock(h);
      SetClipboardData(TEXT, h);
    }
    static void Open() {
      for (int i = 0; i < 20; i++) { if (OpenClipboard(IntPtr.Zero)) return; Thread.Sleep(25); }
      throw new HelperException("NATIVE_HELPER_UNAVAILABLE", "The clipboard is held by another program");
    }

    public static void Paste(string text, ThreadStart press) {
      Open();
      string prior;
      try { prior = Get(); Set(text); } finally { CloseClipboard(); }
      try { press(); Thread.Sleep(100); } finally {
        Open();
        try { Set(prior); } finally { CloseClipboard(); }
      }
    }
  }
}
