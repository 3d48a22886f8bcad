// The capture helper: desktop evidence by screen copy (BitBlt of the screen, which is what the
// person sees) or a window by PrintWindow (windowOnly: strict, refuses minimized windows), scaled
// to maxWidth and encoded as PNG here, with no image library. The border windows are excluded from
// capture by display affinity (Stop.cs), so captures never show them. Also hosts Desk.cs.
using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Runtime.InteropServices;

namespace XagentCu {
  public static class CaptureMain {
    [StructLayout(LayoutKind.Sequential)] struct BITMAPINFOHEADER { public int Size, Width, Height; public short Planes, BitCount; public int Compression, SizeImage, XPels, YPels, ClrUsed, ClrImportant; }

    [DllImport("user32.dll")] static extern IntPtr GetDC(IntPtr h);
    [DllImport("user32.dll")] static extern int ReleaseDC(IntPtr h, IntPtr dc);
    [DllImport("user32.dll")] static extern bool PrintWindow(IntPtr h, IntPtr dc, uint flags);
    [DllImport("user32.dll")] static extern bool IsIconic(IntPtr h);
    [DllImport("user32.dll")] static extern int GetSystemMetrics(int i);
    [DllImport("user32.dll")] static extern bool SetProcessDpiAwarenessContext(IntPtr ctx);
    [DllImport("gdi32.dll")] static extern IntPtr CreateCompatibleDC(IntPtr dc);
    [DllImport("gdi32.dll")] static extern IntPtr CreateDIBSection(IntPtr dc, ref BITMAPINFOHEADER bi, uint usage, out IntPtr bits, IntPtr sec, uint off);
    [DllImport("gdi32.dll")] static extern IntPtr SelectObject(IntPtr dc, IntPtr obj);
    [DllImport("gdi32.dll")] static extern bool BitBlt(IntPtr dst, int x, int y, int w, int h, IntPtr src, int sx, int sy, uint rop);
    [DllImport("gdi32.dll")] static extern bool DeleteObject(IntPtr obj);
    [DllImport("gdi32.dll")] static extern bool DeleteDC(IntPtr dc);

    static byte[] Grab(IntPtr hwnd, int x, int y, int w, int h, bool window) {
      IntPtr screen = GetDC(IntPtr.Zero);
      IntPtr mem = CreateCompatibleDC(screen);
      var bi = new BITMAPINFOHEADER { Size = 40, Width = w, Height = -h, Planes = 1, BitCount = 32 };
      IntPtr bits;
      IntPtr bmp = CreateDIBSection(screen, ref bi, 0, out bits, IntPtr.Zero, 0);
      IntPtr old = SelectObject(mem, bmp);
      try {
        bool ok = window ? PrintWindow(hwnd, mem, 2) : BitBlt(mem, 0, 0, w, h, screen, x, y, 0x00CC0020 | 0x40000000);
        if (!ok) throw new HelperException("NATIVE_HELPER_UNAVAILABLE", window ? "PrintWindow failed" : "BitBlt failed (secure desktop?)");
        var buf = new byte[w * h * 4];
        Marshal.Copy(bits, buf, 0, buf.Length);
        return buf;
      } finally {
        SelectObject(mem, old); DeleteObject(bmp); DeleteDC(mem); ReleaseDC(IntPtr.Zero, screen);
      }
    }

    /** BGRA rows to a PNG of RGB, scaled down (nearest) to `outW` wide. */
    public static byte[] Png(byte[] bgra, int w, int h, int outW) {
      int outH = Math.Max(1, (int)((long)h * outW / w));
      var raw = new MemoryStream();
      for (int y = 0; y < outH; y++) {
        raw.WriteByte(0);
        int sy = (int)((long)y * h / outH);
        for (int x = 0; x < outW; x++) {
          int i = (sy * w + (int)((long)x * w / outW)) * 4;
          raw.WriteByte(bgra[i + 2]); raw.WriteByte(bgra[i + 1]); raw.WriteByte(bgra[i]);
        }
      }
      byte[] data = raw.ToArray();
      var z = new MemoryStream();
      z.WriteByte(0x78); z.WriteByte(0x9C);
      using (var d = new DeflateStream(z, CompressionMode.Compress, true)) d.Write(data, 0, data.Length);
      uint a = 1, b = 0;
      foreach (byte v in data) { a = (a + v) % 65521; b = (b + a) % 65521; }
      Be(z, (b << 16) | a);
      var png = new MemoryStream();
      png.Write(new byte[] { 137, 80, 78, 71, 13, 10, 26, 10 }, 0, 8);
      var ihdr = new MemoryStream();
      Be(ihdr, (uint)outW); Be(ihdr, (uint)outH);
      ihdr.Write(new byte[] { 8, 2, 0, 0, 0 }, 0, 5);
      Chunk(png, "IHDR", ihdr.ToArray()); Chunk(png, "IDAT", z.ToArray()); Chunk(png, "IEND", new byte[0]);
      return png.ToArray();
    }
    static void Be(Stream s, uint v) { s.WriteByte((byte)(v >> 24)); s.WriteByte((byte)(v >> 16)); s.WriteByte((byte)(v >> 8)); s.WriteByte((byte)v); }
    static uint[] crcTable;
    static void Chunk(Stream s, string type, byte[] data) {
      if (crcTable == null) {
        crcTable = new uint[256];
        for (uint n = 0; n < 256; n++) { uint c = n; for (int k = 0; k < 8; k++) c = (c & 1) != 0 ? 0xEDB88320 ^ (c >> 1) : c >> 1; crcTable[n] = c; }
      }
      Be(s, (uint)data.Length);
      var body = new byte[4 + data.Length];
      for (int i = 0; i < 4; i++) body[i] = (byte)type[i];
      Array.Copy(data, 0, body, 4, data.Length);
      s.Write(body, 0, body.Length);
      uint crc = 0xFFFFFFFF;
      foreach (byte v in body) crc = crcTable[(crc ^ v) & 0xFF] ^ (crc >> 8);
      Be(s, crc ^ 0xFFFFFFFF);
    }

    static object Capture(Dictionary<string, object> p) {
      bool windowOnly = Helper.B(p, "windowOnly");
      IntPtr h = p.ContainsKey("hwnd") ? Desk.Hwnd(p) : IntPtr.Zero;
      int x = GetSystemMetrics(76), y = GetSystemMetrics(77), w = GetSystemMetrics(78), hgt = GetSystemMetrics(79);
      if (h != IntPtr.Zero) {
        if (windowOnly && IsIconic(h)) throw new HelperException("TARGET_NOT_FOUND", "The window is minimized: a window-only capture refuses it");
        Desk.RECT r; Desk.GetWindowRect(h, out r);
        x = r.L; y = r.T; w = r.R - r.L; hgt = r.B - r.T;
      }
      if (w <= 0 || hgt <= 0) throw new HelperException("TARGET_NOT_FOUND", "Nothing to capture (zero size)");
      byte[] px = Grab(h, x, y, w, hgt, windowOnly && h != IntPtr.Zero);
      int outW = Math.Min(w, (int)Helper.N(p, "maxWidth", 1280));
      byte[] png = Png(px, w, hgt, outW);
      return Helper.Obj("base64", Convert.ToBase64String(png), "width", (double)outW, "height", (double)Math.Max(1, (int)((long)hgt * outW / w)),
        "origin", new List<object> { (double)x, (double)y }, "imageScale", (double)outW / w, "method", windowOnly && h != IntPtr.Zero ? "PrintWindow" : "screen-copy");
    }

    [STAThread]
    public static int Main(string[] args) {
      try { SetProcessDpiAwarenessContext(new IntPtr(-4)); } catch (EntryPointNotFoundException) {}
      return Helper.Run(args, delegate (string m, Dictionary<string, object> p) {
        if (m == "capture") return Capture(p);
        if (m == "list") return Desk.List(p);
        if (m == "check") return Helper.Obj("valid", Desk.Check(Desk.Hwnd(p), (int)Helper.N(p, "marker", 0)));
        if (m == "activate") return Desk.Activate(Desk.Hwnd(p));
        if (m == "manage") return Desk.Manage(Desk.Hwnd(p), p);
        if (m == "open") return Desk.Open(Helper.S(p, "target"));
        throw new HelperException("UNKNOWN_METHOD", "capture: " + m);
      });
    }
  }
}
