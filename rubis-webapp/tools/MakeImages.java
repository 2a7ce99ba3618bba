// Regenerates the three RUBiS images (our own drawings, padded to the original byte sizes):
//   java -Djava.awt.headless=true rubis-webapp/tools/MakeImages.java rubis-webapp/src/main/webapp
import java.awt.*;
import java.awt.image.BufferedImage;
import java.io.*;
import java.nio.file.*;
import javax.imageio.ImageIO;

public class MakeImages {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        make(dir.resolve("RUBiS_logo.jpg"), 180, 88, "RUBiS", 40, new Color(0x33, 0x33, 0x99), 20296);
        make(dir.resolve("bid_now.jpg"), 90, 22, "Bid now!", 13, new Color(0x00, 0x66, 0x00), 3019);
        make(dir.resolve("buy_it_now.jpg"), 150, 22, "Buy it now!", 13, new Color(0xCC, 0x66, 0x00), 4927);
    }

    static void make(Path file, int w, int h, String text, int fontSize, Color color, int size) throws IOException {
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setPaint(new GradientPaint(0, 0, Color.WHITE, w, h, new Color(0xCC, 0xCC, 0xFF)));
        g.fillRect(0, 0, w, h);
        g.setColor(color);
        g.drawRoundRect(0, 0, w - 1, h - 1, 8, 8);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, fontSize));
        FontMetrics m = g.getFontMetrics();
        g.drawString(text, (w - m.stringWidth(text)) / 2, (h + m.getAscent() - m.getDescent()) / 2);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "jpg", out);
        byte[] jpeg = out.toByteArray();
        int padding = size - jpeg.length - 4;
        if (padding < 0) throw new IllegalStateException(file + " too big: " + jpeg.length);
        // A JPEG comment segment right after SOI brings the file to the original's byte size.
        ByteArrayOutputStream padded = new ByteArrayOutputStream();
        padded.write(jpeg, 0, 2);
        padded.write(0xFF); padded.write(0xFE);
        padded.write((padding + 2) >> 8); padded.write((padding + 2) & 0xFF);
        byte[] comment = new byte[padding];
        byte[] note = "RUBiS image padded to the original's size for benchmark fidelity. ".getBytes();
        for (int i = 0; i < padding; i++) comment[i] = note[i % note.length];
        padded.write(comment);
        padded.write(jpeg, 2, jpeg.length - 2);
        Files.write(file, padded.toByteArray());
        System.out.println(file + " " + jpeg.length + " -> " + Files.size(file));
    }
}
