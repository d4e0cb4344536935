package dev.cardgen.render;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Area;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Synthetic product cut-outs (tight ARGB crops with soft edges) for tests and the contact sheet. */
public final class Cutouts {
    private Cutouts() {}

    /**
     * A photograph of the test resources ({@code /photos/<name>}) with its middle cut to an ellipse: a
     * photographed product's cut-out, for what depends on photographic pixels (the PNG encoder's bytes).
     */
    public static BufferedImage photographed(String name) {
        BufferedImage photo;
        try (InputStream in = Cutouts.class.getResourceAsStream("/photos/" + name)) {
            photo = ImageIO.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int w = photo.getWidth(), h = photo.getHeight();
        BufferedImage cut = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = cut.createGraphics();
        g.setClip(new Ellipse2D.Double(w * 0.2, h * 0.15, w * 0.6, h * 0.7));
        g.drawImage(photo, 0, 0, null);
        g.dispose();
        return cut;
    }

    public static BufferedImage bottle(Color c) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(150, 0); p.lineTo(250, 0); p.lineTo(250, 90); p.curveTo(250, 150, 380, 170, 380, 260);
        p.lineTo(380, 900); p.curveTo(380, 940, 350, 960, 320, 960); p.lineTo(80, 960);
        p.curveTo(50, 960, 20, 940, 20, 900); p.lineTo(20, 260); p.curveTo(20, 170, 150, 150, 150, 90);
        p.closePath();
        BufferedImage img = paint(400, 960, p, c);
        Graphics2D g = g(img);
        g.setColor(new Color(255, 255, 255, 220));
        g.fill(new RoundRectangle2D.Double(40, 430, 320, 260, 20, 20));
        g.setColor(c.darker());
        g.fill(new Rectangle2D.Double(80, 500, 240, 30));
        g.fill(new Rectangle2D.Double(110, 560, 180, 18));
        g.setColor(new Color(30, 30, 30));
        g.fill(new Rectangle2D.Double(150, 0, 100, 60));
        g.dispose();
        return img;
    }

    public static BufferedImage box(Color c) {
        BufferedImage img = paint(700, 600, new RoundRectangle2D.Double(0, 0, 700, 600, 24, 24), c);
        Graphics2D g = g(img);
        g.setColor(new Color(255, 255, 255, 200));
        g.fill(new Ellipse2D.Double(220, 170, 260, 260));
        g.dispose();
        return img;
    }

    public static BufferedImage shoe(Color c) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(0, 380); p.lineTo(20, 200); p.curveTo(60, 160, 140, 150, 200, 60); p.lineTo(380, 40);
        p.curveTo(420, 160, 520, 200, 700, 250); p.curveTo(880, 280, 900, 330, 900, 380); p.closePath();
        Area a = new Area(p);
        a.add(new Area(new RoundRectangle2D.Double(0, 360, 900, 60, 30, 30)));
        BufferedImage img = paint(900, 420, a, c);
        Graphics2D g = g(img);
        g.setColor(Color.WHITE);
        g.fill(new RoundRectangle2D.Double(0, 370, 900, 50, 30, 30));
        g.dispose();
        return img;
    }

    private static BufferedImage paint(int w, int h, Shape s, Color c) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = g(img);
        g.setComposite(java.awt.AlphaComposite.SrcOver);
        g.setPaint(new GradientPaint(0, 0, c.brighter(), w, 0, c.darker()));
        g.fill(s);
        g.dispose();
        return img;
    }

    private static Graphics2D g(BufferedImage img) {
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setComposite(java.awt.AlphaComposite.SrcAtop);
        return g;
    }
}
