// Windows and monitors for the capture helper: the top-level windows (handle, pid, process,
// title, bounds, DPI, minimized, foreground), window markers that back a windowRef (a property
// on the window: gone with the window, so a reused handle never passes), foreground, move/resize/
// minimize/restore/close, and open (the default app through the shell).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text;

namespace XagentCu {
  public static class Desk {
    public delegate bool EnumProc(IntPtr hwnd, IntPtr lp);
    delegate bool MonitorProc(IntPtr mon, IntPtr dc, ref RECT r, IntPtr lp);
    [StructLayout(LayoutKind.Sequential)] public struct RECT { public int L, T, R, B; }
    [StructLayout(LayoutKind.Sequential)] struct MONITORINFO { public int Size; public RECT Monitor, Work; public uint Flags; }

    [DllImport("user32.dll")] static extern bool EnumWindows(EnumProc cb, IntPtr lp);
    [DllImport("user32.dll")] static extern bool IsWindowVisible(IntPtr h);
    [DllImport("user32.dll")] static extern bool IsWindow(IntPtr h);
    [DllImport("user32.dll")] static extern bool IsIconic(IntPtr h);
    [DllImport("user32.dll", CharSet = CharSet.Unicode)] static extern int GetWindowText(IntPtr h, StringBuilder b, int n);
    [DllImport("user32.dll")] static extern uint GetWindowThreadProcessId(IntPtr h, out uint pid);
    [DllImport("user32.dll")] public static extern bool GetWindowRect(IntPtr h, out RECT r);
    [DllImport("user32.dll")] static extern IntPtr GetForegroundWindow();
    [DllImport("user32.dll")] static extern bool SetForegroundWindow(IntPtr h);
    [DllImport("user32.dll")] static extern bool ShowWindow(IntPtr h, int cmd);
    [DllImport("user32.dll")] static extern bool MoveWindow(IntPtr h, int x, int y, int w, int hgt, bool repaint);
    [DllImport("user32.dll")] static extern bool PostMessage(IntPtr h, uint msg, IntPtr w, IntPtr l);
    [DllImport("user32.dll")] static extern uint GetDpiForWindow(IntPtr h);
    [DllImport("user32.dll", CharSet = CharSet.Unicode)] static extern bool SetProp(IntPtr h, string name, IntPtr v);
    [DllImport("user32.dll", CharSet = CharSet.Unicode)] static extern IntPtr GetProp(IntPtr h, string name);
    [DllImport("user32.dll")] static extern bool EnumDisplayMonitors(IntPtr dc, IntPtr clip, MonitorProc cb, IntPtr lp);
    [DllImport("user32.dll")] static extern bool GetMonitorInfo(IntPtr mon, ref MONITORINFO mi);
    [DllImport("user32.dll")] static extern void keybd_event(byte vk, byte scan, uint flags, UIntPtr extra);

    const string MARKER = "XagentComputerUseMarker";
    static readonly Random Rng = new Random();

    public static IntPtr Hwnd(Dictionary<string, object> p) {
      var h = new IntPtr((long)Helper.N(p, "hwnd", 0));
      if (!IsWindow(h)) throw new HelperException("TARGET_NOT_FOUND", "No such window (it closed?)");
      return h;
    }
    static List<object> Rect(RECT r) { return new List<object> { (double)r.L, (double)r.T, (double)r.R, (double)r.B }; }

    public static object List(Dictionary<string, object> p) {
      string title = (Helper.S(p, "title") ?? "").ToLowerInvariant();
      string proc = (Helper.S(p, "process") ?? "").ToLowerInvariant();
      IntPtr fg = GetForegroundWindow();
      var windows = new List<object>();
      EnumWindows(delegate (IntPtr h, IntPtr lp) {
        if (!IsWindowVisible(h)) return true;
        var b = new StringBuilder(512);
        GetWindowText(h, b, b.Capacity);
        string t = b.ToString();
        if (t.Length == 0 || !t.ToLowerInvariant().Contains(title)) return true;
        uint pid; GetWindowThreadProcessId(h, out pid);
        string name = "";
        try { name = Process.GetProcessById((int)pid).ProcessName + ".exe"; } catch (ArgumentException) {}
        if (proc.Length > 0 && name.ToLowerInvariant() != proc) return true;
        RECT r; GetWindowRect(h, out r);
        uint dpi = 96; try { dpi = GetDpiForWindow(h); } catch (EntryPointNotFoundException) {}
        windows.Add(Helper.Obj("hwnd", (double)h.ToInt64(), "pid", (double)pid, "process", name, "title", t, "bounds", Rect(r),
          "dpi", (double)dpi, "minimized", IsIconic(h), "foreground", h == fg, "marker", (double)Mark(h)));
        return true;
      }, IntPtr.Zero);
      var monitors = new List<object>();
      EnumDisplayMonitors(IntPtr.Zero, IntPtr.Zero, delegate (IntPtr mon, IntPtr dc, ref RECT rr, IntPtr lp) {
        var mi = new MONITORINFO { Size = Marshal.SizeOf(typeof(MONITORINFO)) };
        GetMonitorInfo(mon, ref mi);
        monitors.Add(Helper.Obj("bounds", Rect(mi.Monitor), "primary", (mi.Flags & 1) != 0));
        return true;
      }, IntPtr.Zero);
      return Helper.Obj("windows", windows, "monitors", monitors);
    }

    /** The window's marker, set once: a windowRef carries it, and a window without it is not the one observed. */
    public static int Mark(IntPtr h) {
      int m = GetProp(h, MARKER).ToInt32();
      if (m != 0) return m;
      lock (Rng) m = Rng.Next(1, int.MaxValue);
      SetProp(h, MARKER, new IntPtr(m));
      return m;
    }
    public static bool Check(IntPtr h, int marker) { return IsWindow(h) && GetProp(h, MARKER).ToInt32() == marker; }

    public static object Activate(IntPtr h) {
      IntPtr before = GetForegroundWindow();
      if (IsIconic(h)) ShowWindow(h, 9);
      // An Alt tap lets this process move the foreground (Windows' foreground lock).
      keybd_event(0x12, 0, 0, UIntPtr.Zero); keybd_event(0x12, 0, 2, UIntPtr.Zero);
      SetForegroundWindow(h);
      return Helper.Obj("before", (double)before.ToInt64(), "after", (double)GetForegroundWindow().ToInt64());
    }

    public static object Manage(IntPtr h, Dictionary<string, object> p) {
      string a = Helper.S(p, "action");
      RECT r; GetWindowRect(h, out r);
      if (a == "minimize") ShowWindow(h, 6);
      else if (a == "restore") ShowWindow(h, 9);
      else if (a == "close") PostMessage(h, 0x10, IntPtr.Zero, IntPtr.Zero);
      else if (a == "move") MoveWindow(h, (int)Helper.N(p, "x", r.L), (int)Helper.N(p, "y", r.T), r.R - r.L, r.B - r.T, true);
      else if (a == "resize") MoveWindow(h, r.L, r.T, (int)Helper.N(p, "width", r.R - r.L), (int)Helper.N(p, "height", r.B - r.T), true);
      else throw new HelperException("INVALID_PARAMS", "action: " + a);
      GetWindowRect(h, out r);
      return Helper.Obj("bounds", Rect(r), "minimized", IsIconic(h));
    }

    public static object Open(string target) {
      if (string.IsNullOrEmpty(target)) throw new HelperException("INVALID_PARAMS", "target is empty");
      Process.Start(new ProcessStartInfo(target) { UseShellExecute = true });
      return Helper.Obj("opened", target);
    }
  }
}
