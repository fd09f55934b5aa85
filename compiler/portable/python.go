package portable

import "fmt"

// Python returns the files of the Python package of d named pkg.
func Python(d *Project, pkg string) ([]File, error) {
	return nil, fmt.Errorf("the python target is not built yet")
}
