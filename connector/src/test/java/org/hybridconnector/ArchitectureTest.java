package org.hybridconnector;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import org.junit.jupiter.api.Test;

/**
 * The shape the connector keeps, read from its compiled classes and its sources: no import cycle
 * among its classes, no class reading another's fields, no class over 400 lines, and nothing of
 * the benchmarks' baselines in it.
 */
class ArchitectureTest {

    private static final JavaClasses CONNECTOR = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("org.hybridconnector");

    /** Each top-level class with its nested classes, lambdas and anonymous classes is one slice. */
    private static final SliceAssignment TOP_LEVEL_CLASSES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            return SliceIdentifier.of(topLevel(javaClass));
        }

        @Override
        public String getDescription() {
            return "top-level classes of org.hybridconnector";
        }
    };

    @Test
    void testNoImportCycleAmongTheConnectorsClasses() {
        SlicesRuleDefinition.slices().assignedFrom(TOP_LEVEL_CLASSES).should().beFreeOfCycles().check(CONNECTOR);
    }

    @Test
    void testNoClassReadsOrWritesAnotherClassesInstanceFields() {
        noClasses().should(touchInstanceFieldsOfOtherConnectorClasses()).check(CONNECTOR);
    }

    @Test
    void testTheBaselinesAreNotInTheConnector() {
        noClasses().should().resideInAnyPackage("org.hybridconnector.blocking..", "org.hybridconnector.nioadmission..")
                .check(CONNECTOR);
    }

    @Test
    void testNoClassIsOver400Lines() throws IOException {
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            List<String> long_ = sources.filter(path -> path.toString().endsWith(".java"))
                    .filter(path -> lines(path) > 400).map(path -> path + ": " + lines(path) + " lines").toList();
            assertEquals(List.of(), long_);
        }
    }

    private static long lines(Path path) {
        try (Stream<String> lines = Files.lines(path)) {
            return lines.count();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String topLevel(JavaClass javaClass) {
        String name = javaClass.getName();
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }

    /** A class of the connector reads or writes a non-static field that another of its top-level classes declares. */
    private static ArchCondition<JavaClass> touchInstanceFieldsOfOtherConnectorClasses() {
        return new ArchCondition<>("touch instance fields of another connector class") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                for (JavaFieldAccess access : javaClass.getFieldAccessesFromSelf()) {
                    JavaClass owner = access.getTargetOwner();
                    boolean ours = owner.getPackageName().startsWith("org.hybridconnector");
                    boolean other = !topLevel(owner).equals(topLevel(javaClass));
                    boolean instanceField = access.getTarget().resolveMember()
                            .map(field -> !field.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.STATIC))
                            .orElse(Boolean.TRUE);
                    if (ours && other && instanceField) {
                        events.add(SimpleConditionEvent.satisfied(access, access.getDescription()));
                    }
                }
            }
        };
    }
}
