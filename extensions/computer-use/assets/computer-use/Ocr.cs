// The OCR helper (Windows only: WinRT's Windows.Media.Ocr, referenced from Windows' own .winmd
// files; unproven without package identity, so a failure is NATIVE_HELPER_UNAVAILABLE and the
// model falls back to the element tree). Reads a PNG the capture helper made, answers lines with
// their bounds in the image's pixels.
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices.WindowsRuntime;
using Windows.Graphics.Imaging;
using Windows.Media.Ocr;
using Windows.Storage.Streams;

namespace XagentCu {
  public static class OcrMain {
    static object Read(Dictionary<string, object> p) {
      var engine = OcrEngine.TryCreateFromUserProfileLanguages();
      if (engine == null) throw new HelperException("NATIVE_HELPER_UNAVAILABLE", "No OCR language is installed for this user");
      byte[] png = Convert.FromBase64String(Helper.S(p, "png") ?? "");
      var stream = new InMemoryRandomAccessStream();
      stream.WriteAsync(png.AsBuffer()).AsTask().Wait();
      stream.Seek(0);
      var decoder = BitmapDecoder.CreateAsync(stream).AsTask().Result;
      var bitmap = decoder.GetSoftwareBitmapAsync().AsTask().Result;
      var result = engine.RecognizeAsync(bitmap).AsTask().Result;
      var lines = new List<object>();
      foreach (var line in result.Lines) {
        double l = double.MaxValue, t = double.MaxValue, r = 0, b = 0;
        foreach (var w in line.Words) {
          l = Math.Min(l, w.BoundingRect.Left); t = Math.Min(t, w.BoundingRect.Top);
          r = Math.Max(r, w.BoundingRect.Right); b = Math.Max(b, w.BoundingRect.Bottom);
        }
        lines.Add(Helper.Obj("text", line.Text, "bounds", new List<object> { l, t, r, b }));
      }
      return Helper.Obj("lines", lines);
    }

    public static int Main(string[] args) {
      return Helper.Run(args, delegate (string m, Dictionary<string, object> p) {
        if (m == "read") return Read(p);
        throw new HelperException("UNKNOWN_METHOD", "ocr: " + m);
      });
    }
  }
}
