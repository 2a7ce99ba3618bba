package org.hybridconnector.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvRowsTest {

    @Test
    void testAFileIsHeadedOnceThenFilledRowByRow(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        CsvRows.append(csv, "a,b", "1,2");
        CsvRows.append(csv, "a,b", "3,4");
        assertEquals("a,b\n1,2\n3,4\n", Files.readString(csv));
        Path empty = Files.createFile(dir.resolve("empty.csv"));
        CsvRows.append(empty, "a,b", "1,2");
        assertEquals("a,b\n1,2\n", Files.readString(empty), "an empty file is a new one");
    }

    @Test
    void testAFileHeadedOtherwiseIsRefusedUntouched(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        Files.writeString(csv, "a,old\n1,2\n");
        IOException e = assertThrows(IOException.class, () -> CsvRows.append(csv, "a,new", "3,4"));
        assertTrue(e.getMessage().contains("a,old") && e.getMessage().contains("move it aside"), e.getMessage());
        assertEquals("a,old\n1,2\n", Files.readString(csv));
    }

    @Test
    void testAFileOfTheFirstColumnsIsWidenedItsRowsNotRead(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        Files.writeString(csv, "a,b\n1,2\n3,4\n");
        CsvRows.append(csv, "a,b,c,d", "5,6,7,8");
        assertEquals("a,b,c,d\n1,2,NaN,NaN\n3,4,NaN,NaN\n5,6,7,8\n", Files.readString(csv));
        Files.writeString(csv, "a,bb\n1,2\n");
        assertThrows(IOException.class, () -> CsvRows.append(csv, "a,b,c", "3,4,5"),
                "a prefix of columns, not of text");
    }
}
